import Foundation

/// Every outside program and reference the tests use; `.ci/setup.sh test` (`make setup`, which
/// `make test` runs) installs each of them and fails when it cannot: the programs with apt-get,
/// the Python modules (pinned by Tests/requirements.txt) into the virtual environment `.venv-test/`,
/// whose `bin/` `make test` puts first on PATH, so the python3 found here is that one.
extension Requirement {
    /// libavformat's probe: container, codec, tags and a count of every decoded frame.
    package static let ffprobe = program("ffprobe", remedy: "make setup, or apt-get install ffmpeg")
    /// The APNG disassembler (an APNG reader that is not libavformat's).
    package static let apngdis = program("apngdis", remedy: "make setup, or apt-get install apngdis")
    /// Python, for the reference scripts in Tests/.
    package static let python3 = program("python3", remedy: Requirement.venvRemedy)
    /// make, for the Makefile's install rule.
    package static let make = program("make", remedy: "apt-get install make")
    /// HarfBuzz's own renderer (cairo draws its shaped lines) and shaper, for SymbolText.
    package static let hbView = program("hb-view", remedy: "make setup, or apt-get install libharfbuzz-bin")
    package static let hbShape = program("hb-shape", remedy: "make setup, or apt-get install libharfbuzz-bin")
    /// Tesseract's OCR, reading the words of rendered text.
    package static let tesseract = program("tesseract", remedy: "make setup, or apt-get install tesseract-ocr tesseract-ocr-eng")

    /// The dialect reference (Tests/Reference/sf_reference.py): resvg rasterizes, numpy and
    /// Pillow composite.
    package static let resvgReference = python(["resvg_py", "numpy", "PIL"], pip: "resvg-py numpy Pillow")
    /// Pillow's WebP reader (its own demuxing and timing code over libwebp).
    package static let pillow = python(["PIL"], pip: "Pillow")
    /// ThorVG's Lottie player (thorvg-python), for our Lottie clips; numpy and Pillow hand its
    /// frames over (Tests/SymbolReelCLITests/Browser/vector_players.py).
    package static let thorvg = python(["thorvg_python", "numpy", "PIL"], pip: "thorvg-python numpy Pillow")
    /// Samsung's rlottie (rlottie-python), a second Lottie player.
    package static let rlottie = python(["rlottie_python", "numpy", "PIL"], pip: "rlottie-python numpy Pillow")
    /// The JSON Schema validator, for Presets/schema.json.
    package static let jsonschema = python(["jsonschema"], pip: "jsonschema")

    /// Headless Chromium: `$SYMBOLREEL_CHROMIUM`, else `chromium` or `chromium-browser` on PATH.
    package static let chromium = Requirement("Chromium", remedy: "make setup, or apt-get install chromium, or set SYMBOLREEL_CHROMIUM") {
        if let path = ProcessInfo.processInfo.environment["SYMBOLREEL_CHROMIUM"] {
            return FileManager.default.isExecutableFile(atPath: path) ? .found(path) : .missing("SYMBOLREEL_CHROMIUM=\(path) is not executable")
        }
        if let path = TestProcess.which("chromium") ?? TestProcess.which("chromium-browser") { return .found(path) }
        return .missing("neither chromium nor chromium-browser is on PATH")
    }

    /// The package is a git checkout and git can list it (a source tarball is not).
    package static let gitCheckout = Requirement("a git checkout", remedy: "apt-get install git, and run the tests in a clone") {
        guard let git = TestProcess.which("git") else { return .missing("git is not on PATH") }
        let r = try? TestProcess.run(URL(fileURLWithPath: git), ["-C", packageRoot.path, "rev-parse", "--is-inside-work-tree"])
        return r?.stdout == "true\n" ? .found(git) : .missing("\(packageRoot.path) is not a git work tree: \(r?.stderr ?? "")")
    }

    /// Permission to mount a small tmpfs (root with CAP_SYS_ADMIN, as CI runs): tried once on
    /// a scratch folder and unmounted.
    package static let tmpfsMount = Requirement("mounting a tmpfs", remedy: "run as root with mount permission, as CI does") {
        guard let mount = TestProcess.which("mount"), let umount = TestProcess.which("umount") else {
            return .missing("mount or umount is not on PATH")
        }
        guard let dir = try? makeTemporaryDirectory("mount-probe") else { return .missing("cannot make a scratch folder") }
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try? TestProcess.run(URL(fileURLWithPath: mount), ["-t", "tmpfs", "-o", "size=8k", "tmpfs", dir.path])
        guard let r, r.status == 0 else { return .missing("mount -t tmpfs failed: \(r?.stderr ?? "could not run mount")") }
        _ = try? TestProcess.run(URL(fileURLWithPath: umount), [dir.path])
        return .found(mount)
    }

    /// How to get the tests' python3 and its modules.
    static let venvRemedy = "make setup makes .venv-test/ (python3 -m venv, Tests/requirements.txt); make test puts .venv-test/bin first on PATH, or do so yourself"

    /// A program looked up on PATH.
    static func program(_ name: String, remedy: String) -> Requirement {
        Requirement(name, remedy: remedy) {
            TestProcess.which(name).map { .found($0) } ?? .missing("\(name) is not on PATH")
        }
    }

    /// python3 (from PATH, as the scripts are run) that can import `modules`; its `run`
    /// runs python3.
    static func python(_ modules: [String], pip: String) -> Requirement {
        let list = modules.joined(separator: ", ")
        return Requirement("python3 with \(list)", remedy: "\(Requirement.venvRemedy); it holds \(pip)") {
            guard let python = TestProcess.which("python3") else { return .missing("python3 is not on PATH") }
            let r = try? TestProcess.run(URL(fileURLWithPath: python), ["-c", "import " + list])
            guard let r, r.status == 0 else {
                let reason = r?.stderr.split(separator: "\n").last.map(String.init) ?? "python3 did not start"
                return .missing("\(python) cannot import \(list): \(reason)")
            }
            return .found(python)
        }
    }
}
