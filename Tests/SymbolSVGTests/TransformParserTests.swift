import Testing
import SymbolGeometry
import SymbolSVG

@Suite struct TransformParserTests {
    private func parsed(_ s: String) -> Transform? {
        if case .success(let t) = TransformParser.parse(Substring(s)) { return t }
        return nil
    }

    private func failure(_ s: String) -> ValueError? {
        if case .failure(let e) = TransformParser.parse(Substring(s)) { return e }
        return nil
    }

    private func close(_ a: Transform?, _ b: Transform, _ tol: Double = 1e-12) -> Bool {
        guard let a else { return false }
        return abs(a.a - b.a) < tol && abs(a.b - b.b) < tol && abs(a.c - b.c) < tol && abs(a.d - b.d) < tol
            && abs(a.tx - b.tx) < tol && abs(a.ty - b.ty) < tol
    }

    @Test(arguments: [
        ("matrix(1 2 3 4 5 6)", Transform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)),
        ("matrix(1,2,3,4,5,6)", Transform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)),
        ("matrix( 1 , 2 3,4 5 ,6 )", Transform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)),
        ("matrix(1-2-3-4-5-6)", Transform(a: 1, b: -2, c: -3, d: -4, tx: -5, ty: -6)),
        ("translate(10)", .translation(10, 0)), ("translate(10, -5)", .translation(10, -5)),
        ("translate (3 4)", .translation(3, 4)), ("scale(2)", .scale(2, 2)), ("scale(2 3)", .scale(2, 3)),
        ("skewX(45)", Transform(a: 1, b: 0, c: 1, d: 1, tx: 0, ty: 0)),
        ("skewY(45)", Transform(a: 1, b: 1, c: 0, d: 1, tx: 0, ty: 0)),
        ("", .identity), ("   ", .identity), ("\n translate(0) \t", .identity),
    ])
    func singleFunctions(text: String, expected: Transform) {
        #expect(close(parsed(text), expected), "\(text)")
    }

    @Test func rotateMapsAxesClockwiseOnScreen() {
        let t = parsed("rotate(90)")
        #expect(close(t, Transform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)))
        // (1, 0) goes to (0, 1): down on screen, clockwise in a y-down system.
        let p = t!.apply(Point(1, 0))
        #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
    }

    @Test func rotateAboutCentreKeepsCentreFixed() throws {
        let t = try #require(parsed("rotate(37, 10, 20)"))
        let c = t.apply(Point(10, 20))
        #expect(abs(c.x - 10) < 1e-12 && abs(c.y - 20) < 1e-12)
        // Equivalent to translate(cx cy) rotate(a) translate(-cx -cy).
        #expect(close(t, parsed("translate(10 20) rotate(37) translate(-10 -20)")!))
    }

    @Test func listAppliesRightmostFirst() throws {
        // "translate(10) scale(2)" maps p to 2p + (10, 0): the scale applies to the child first.
        let t = try #require(parsed("translate(10,0) scale(2)"))
        #expect(t.apply(Point(1, 1)) == Point(12, 2))
        let u = try #require(parsed("scale(2) translate(10,0)"))
        #expect(u.apply(Point(1, 1)) == Point(22, 2))
    }

    @Test(arguments: ["translate(1)scale(2)", "translate(1),scale(2)", "translate(1) , scale(2)", "translate(1)\n\tscale(2)"])
    func separatorsBetweenFunctions(text: String) {
        #expect(close(parsed(text), Transform(a: 2, b: 0, c: 0, d: 2, tx: 1, ty: 0)))
    }

    @Test(arguments: [
        ("Translate(1)", 0, "unknown transform function 'Translate'"),
        ("scale(2) rotat(3)", 9, "unknown transform function 'rotat'"),
        ("translate(1 2 3)", 14, "'translate()' takes 1 or 2 numbers, found 3"),
        ("matrix(1 2 3)", 12, "'matrix()' takes 6 numbers, found 3"),
        ("rotate(1 2)", 10, "'rotate()' takes 1 or 3 numbers, found 2"),
        ("skewX()", 6, "'skewX()' takes 1 number, found 0"),
        ("skewX(1, 2)", 9, "'skewX()' takes 1 number, found 2"),
        ("translate(1", 11, "missing ')' after the arguments of 'translate'"),
        ("translate 1", 10, "expected '(' after 'translate', found '1'"),
        ("translate(1,)", 12, "expected a number after ',' in 'translate()', found ')'"),
        ("translate(,1)", 10, "expected a number or ')' in 'translate()', found ','"),
        ("translate(x)", 10, "expected a number or ')' in 'translate()', found 'x'"),
        ("scale(1e999)", 6, "number out of range in 'scale()'"),
        ("scale(2),", 8, "expected a transform function after ','"),
        ("scale(2),,scale(2)", 9, "expected a transform function such as 'translate(', found ','"),
        ("scale(2) 5", 9, "expected a transform function such as 'translate(', found '5'"),
        ("scale(1e200) scale(1e200)", 13, "the transform list is too large to represent"),
        ("matrix(1 2 3 4 5 6 7 8 9 10)", 19, "'matrix()' takes 6 numbers, found more than 6"),
        ("é", 0, "expected a transform function such as 'translate(', found 'é'"),
        ("none", 0, "unknown transform function 'none'; expected matrix, translate, scale, rotate, skewX or skewY"),
    ])
    func errorsCarryOffsets(text: String, offset: Int, message: String) throws {
        let error = try #require(failure(text), "\(text) should fail")
        #expect(error.offset == offset, "\(text)")
        #expect(error.message.hasPrefix(message), "\(text): \(error.message)")
    }

    @Test func offsetsCountUnicodeScalars() throws {
        let error = try #require(failure("scale(2) ünknown(1)"))
        #expect(error.offset == 9)
        // Whatever came before is ASCII, so a later error's offset counts scalars too.
        let later = try #require(failure("scale(2) scale(🙂)"))
        #expect(later.offset == 15)
        #expect(later.message.contains("'🙂'"))
    }

    @Test func hostileInputsFailQuickly() {
        let many = String(repeating: "1 ", count: 100_000)
        #expect(failure("matrix(\(many))") != nil)
        let deep = String(repeating: "scale(1)", count: 10_000)
        #expect(parsed(deep) == .identity)
        #expect(failure(String(repeating: "(", count: 10_000)) != nil)
        #expect(failure("rotate(nan)") != nil)
        #expect(failure("translate(inf)") != nil)
    }
}
