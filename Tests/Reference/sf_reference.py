#!/usr/bin/env python3
"""Independent reference renderer for SF Symbols custom-symbol SVG templates.

Written only from the rule text in Tests/Reference/README.md, independently of the Swift
renderer.  Usage:
    python3 sf_reference.py --jobs JOBS.json
    python3 sf_reference.py --svg F --mode M --variant V --size W H --matrix a b c d e f --out O.png
"""
import argparse
import io
import json
import os
import re
import sys
import xml.etree.ElementTree as ET
from xml.sax.saxutils import quoteattr

import numpy as np
import resvg_py
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sf_draw  # noqa: E402  Draw frames

DRAWABLE = {"path", "rect", "circle", "ellipse", "line", "polyline", "polygon"}
NOT_RENDERED = {"defs", "clipPath", "mask", "symbol", "pattern", "marker", "style", "text",
                "use", "svg", "image", "foreignObject", "title", "desc", "metadata"}
GEOMETRY = ("d", "x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "points",
            "x1", "y1", "x2", "y2", "transform")
STYLE_PROPS = ("opacity", "display", "visibility", "fill", "fill-rule")
MODES = ("monochrome", "hierarchical", "multicolor")
TOKEN_RE = {"monochrome": re.compile(r"^monochrome-(\d+)$"),
            "hierarchical": re.compile(r"^hierarchical-(\d+):(.+)$"),
            "multicolor": re.compile(r"^multicolor-(\d+):(.+)$")}
LEVELS = {"primary": 1.0, "secondary": 0.5, "tertiary": 0.25}
SYSTEM = {"red": "#FF3B30", "orange": "#FF9500", "yellow": "#FFCC00", "green": "#34C759",
          "mint": "#00C7BE", "teal": "#30B0C7", "cyan": "#32ADE6", "blue": "#007AFF",
          "indigo": "#5856D6", "purple": "#AF52DE", "pink": "#FF2D55", "brown": "#A2845E",
          "gray": "#8E8E93", "white": "#FFFFFF", "black": "#000000"}
# Rule 13: Apple's named UI element colours in the light appearance, (colour, alpha), keyed by the
# lower-case name without a trailing "color". Source: UIKit's values on iOS 13+ as published in
# Noah Gilmore's ColorCompatibility table (read from the running system), not our Swift code.
ELEMENT = {"label": ("#000000", 1.0), "darktext": ("#000000", 1.0),
           "secondarylabel": ("#3C3C43", 0.6), "tertiarylabel": ("#3C3C43", 0.3),
           "quaternarylabel": ("#3C3C43", 0.18), "placeholdertext": ("#3C3C43", 0.3),
           "separator": ("#3C3C43", 0.29), "opaqueseparator": ("#C6C6C8", 1.0), "link": ("#007AFF", 1.0),
           "systemfill": ("#787880", 0.2), "secondarysystemfill": ("#787880", 0.16),
           "tertiarysystemfill": ("#767680", 0.12), "quaternarysystemfill": ("#747480", 0.08),
           "systembackground": ("#FFFFFF", 1.0), "secondarysystembackground": ("#F2F2F7", 1.0),
           "tertiarysystembackground": ("#FFFFFF", 1.0), "systemgroupedbackground": ("#F2F2F7", 1.0),
           "secondarysystemgroupedbackground": ("#FFFFFF", 1.0),
           "tertiarysystemgroupedbackground": ("#F2F2F7", 1.0),
           "systemgray2": ("#AEAEB2", 1.0), "systemgray3": ("#C7C7CC", 1.0), "systemgray4": ("#D1D1D6", 1.0),
           "systemgray5": ("#E5E5EA", 1.0), "systemgray6": ("#F2F2F7", 1.0), "lighttext": ("#FFFFFF", 0.6)}
CSS_NAMES = {"black": "#000000", "white": "#FFFFFF", "red": "#FF0000", "green": "#008000",
             "blue": "#0000FF", "yellow": "#FFFF00", "gray": "#808080", "grey": "#808080",
             "orange": "#FFA500", "purple": "#800080"}


def local(tag):
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else None


def is_layer_token(tok):
    return any(r.match(tok) for r in TOKEN_RE.values())


def classes(el):
    return el.get("class", "").split()


def truthy(v):
    return str(v).strip().strip("\"'").lower() in ("true", "1", "yes")


def parse_opacity(v, default=1.0):
    try:
        v = str(v).strip()
        x = float(v[:-1]) / 100 if v.endswith("%") else float(v)
        return min(1.0, max(0.0, x))
    except (TypeError, ValueError):
        return default


def parse_color(v):
    """Solid colour -> '#RRGGBB', or None (none, url(), currentColor, unknown)."""
    if v is None:
        return None
    v = v.strip().lower()
    v = CSS_NAMES.get(v, v)
    m = re.fullmatch(r"#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})", v)
    if m:
        h = m.group(1)
        h = "".join(c * 2 for c in h) if len(h) == 3 else h[:6]
        return "#" + h.upper()
    m = re.fullmatch(r"rgba?\(([^)]*)\)", v)
    if m:
        parts = [p.strip() for p in re.split(r"[,\s/]+", m.group(1)) if p.strip()][:3]
        vals = [round(float(p[:-1]) * 2.55) if p.endswith("%") else round(float(p)) for p in parts]
        return "#" + "".join("%02X" % max(0, min(255, x)) for x in vals)
    return None


def rgb01(hexcol):
    h = parse_color(hexcol) or "#000000"
    return np.array([int(h[i:i + 2], 16) / 255.0 for i in (1, 3, 5)], dtype=np.float64)


# ---------------------------------------------------------------- CSS
def parse_decls(text):
    out = {}
    for part in re.split(r';(?=(?:[^"]*"[^"]*")*[^"]*$)', text or ""):
        if ":" in part:
            k, v = part.split(":", 1)
            out[k.strip().lower()] = v.replace("!important", "").strip()
    return out


def parse_selector(sel):
    """Simple selectors only: .cls  #id  tag  tag.cls  tag#id  *  (cls may contain ':')."""
    sel = re.sub(r"\\(.)", r"\1", sel.strip())
    if not sel or re.search(r"[\s>+~\[]", sel):
        return None
    if sel == "*":
        return (None, None, None, (0, 0, 0))
    m = re.fullmatch(r"([A-Za-z][\w-]*)?(?:\.(.+)|#(.+))?", sel)
    if not m or not any(m.groups()):
        return None
    tag, cls, ident = m.groups()
    return (tag, ident, cls, (1 if ident else 0, 1 if cls else 0, 1 if tag else 0))


def parse_css(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    rules = []
    for order, m in enumerate(re.finditer(r"([^{}]+)\{([^{}]*)\}", text)):
        decls = parse_decls(m.group(2))
        for sel in m.group(1).split(","):
            p = parse_selector(sel)
            if p:
                rules.append({"tag": p[0], "id": p[1], "cls": p[2], "spec": p[3],
                              "order": order, "decls": decls})
    return rules


# ---------------------------------------------------------------- path data
PATH_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
NUM = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def parse_path(d):
    """-> [(cmd, [args])], implicit repeats made explicit (M->L, m->l); stops at an error."""
    segs, i, n, cmd = [], 0, len(d), None
    while True:
        while i < n and d[i] in " \t\r\n,":
            i += 1
        if i >= n:
            return segs
        ch = d[i]
        if ch.isalpha():
            if ch.upper() not in PATH_ARGS:
                return segs
            cmd, i = ch, i + 1
            if cmd in "Zz":
                segs.append((cmd, []))
                continue
        elif cmd is None or cmd in "Zz":
            return segs
        args = []
        for k in range(PATH_ARGS[cmd.upper()]):
            while i < n and d[i] in " \t\r\n,":
                i += 1
            if cmd in "Aa" and k in (3, 4):
                if i >= n or d[i] not in "01":
                    return segs
                args.append(float(d[i]))
                i += 1
                continue
            m = NUM.match(d, i)
            if not m:
                return segs
            args.append(float(m.group()))
            i = m.end()
        segs.append((cmd, args))
        cmd = {"M": "L", "m": "l"}.get(cmd, cmd)


def split_subpaths(d):
    """Split path data into subpaths (a new one at every M/m), each starting with an absolute M."""
    subs, cx, cy, sx, sy = [], 0.0, 0.0, 0.0, 0.0
    for cmd, a in parse_path(d):
        up, rel = cmd.upper(), cmd.islower()
        if up == "M":
            cx, cy = (cx + a[0], cy + a[1]) if rel else (a[0], a[1])
            sx, sy = cx, cy
            subs.append([("M", [cx, cy])])
            continue
        if not subs:
            return []  # path data must begin with a moveto
        subs[-1].append((cmd, a))
        if up == "Z":
            cx, cy = sx, sy
        elif up == "H":
            cx = cx + a[0] if rel else a[0]
        elif up == "V":
            cy = cy + a[0] if rel else a[0]
        else:
            ex, ey = a[-2], a[-1]
            cx, cy = (cx + ex, cy + ey) if rel else (ex, ey)
    fmt = lambda v: format(v, ".10g")
    return [" ".join(c + " ".join(fmt(v) for v in a) for c, a in s) for s in subs]


# ---------------------------------------------------------------- document
class Doc:
    def __init__(self, path):
        self.root = ET.parse(path).getroot()
        self.parent = {c: p for p in self.root.iter() for c in p}
        self.rules = parse_css("\n".join("".join(e.itertext()) for e in self.root.iter()
                                         if local(e.tag) == "style"))
        self.byid = {}
        for e in self.root.iter():  # the first element with an id wins
            if e.get("id") is not None:
                self.byid.setdefault(e.get("id"), e)
        self._style = {}

    def ancestors(self, el):
        """Root first, el excluded."""
        out = []
        while el in self.parent:
            el = self.parent[el]
            out.append(el)
        return out[::-1]

    def matching_rules(self, el, layer_rules):
        cls, out = set(classes(el)), []
        for r in self.rules:
            if r["cls"] is not None and is_layer_token(r["cls"]) and not layer_rules:
                continue
            if ((r["tag"] is None or r["tag"] == local(el.tag)) and
                    (r["id"] is None or r["id"] == el.get("id")) and
                    (r["cls"] is None or r["cls"] in cls)):
                out.append(r)
        return sorted(out, key=lambda r: (r["spec"], r["order"]))

    def own_style(self, el):
        """Declared style of el: attribute < non-layer CSS rules < inline style."""
        if el not in self._style:
            st = {k: el.get(k) for k in STYLE_PROPS if el.get(k) is not None}
            for r in self.matching_rules(el, layer_rules=False):
                st.update(r["decls"])
            st.update(parse_decls(el.get("style")))
            self._style[el] = st
        return self._style[el]

    def chain(self, el):
        return self.ancestors(el) + [el]

    def inherited(self, el, prop, default=None):
        for e in reversed(self.chain(el)):
            v = self.own_style(e).get(prop)
            if v is not None and v != "inherit":
                return v
        return default

    def hidden(self, el):
        if any(self.own_style(e).get("display", "").strip() == "none" for e in self.chain(el)):
            return True
        return self.inherited(el, "visibility", "visible").strip() in ("hidden", "collapse")

    def ink_opacity(self, el):
        o = 1.0
        for e in self.chain(el):
            o *= parse_opacity(self.own_style(e).get("opacity", "1"))
        return o

    def layer_rule(self, token):
        out = {}
        for r in self.rules:
            if r["cls"] == token and r["tag"] is None and r["id"] is None:
                out.update(r["decls"])
        return out

    def prop_with_layer_rules(self, el, prop):
        v = None
        for r in self.matching_rules(el, layer_rules=True):
            v = r["decls"].get(prop, v)
        return parse_decls(el.get("style")).get(prop, v)

    def drawables(self, top, skip_ids=()):
        """Drawable elements under (and including) top, document order, skipping non-rendered
        subtrees and subtrees whose id is in skip_ids."""
        out = []

        def walk(e, is_top):
            name = local(e.tag)
            if name is None or e.get("id") in skip_ids:
                return
            if name in NOT_RENDERED and not (is_top and e is self.root):
                return
            if name in DRAWABLE:
                out.append(e)
            for c in e:
                walk(c, False)
        walk(top, True)
        return out


# ---------------------------------------------------------------- items -> layers
class Item:
    """Something that carries mode tokens: a shape, or a LayerTree child.
    groups: [(action, [(element, subpath d or None)])]."""
    def __init__(self, tokens, groups, tree=False):
        self.tokens, self.groups, self.tree = tokens, groups, tree

    def token(self, mode):
        found = self.mode_tokens(mode)
        return found[0] if found else None

    def mode_tokens(self, mode):
        """Every layer of `mode` the item names (a shared path is in each of them)."""
        out = []
        for t in self.tokens:
            m = TOKEN_RE[mode].match(t)
            if m:
                out.append((t, int(m.group(1)), (m.group(2) if m.lastindex > 1 else None)))
        return out


def template_version(doc):
    """The Notes' `Template v.N` as a number, or None."""
    if "template-version" not in doc.byid:
        return None
    m = re.search(r"v\.?\s*(\d+(?:\.\d+)?)", "".join(doc.byid["template-version"].itertext()))
    return float(m.group(1)) if m else None


class Band(str):
    """A piece of a clear-behind layer with a stroke width (rule 8): drawn as its outline stroked
    at `width` (twice the layer's stroke width). The string is the subpath data, or "" with
    `whole` for the whole element."""
    def __new__(cls, d, width, cap, join):
        s = str.__new__(cls, d or "")
        s.whole, s.width, s.cap, s.join = d is None, width, cap, join
        return s


def own_stroke_props(el):
    """The element's own stroke-width, stroke-linecap and stroke-linejoin: attribute, then its own style."""
    own = {k: el.get(k) for k in ("stroke-width", "stroke-linecap", "stroke-linejoin") if el.get(k) is not None}
    own.update({k: v for k, v in parse_decls(el.get("style")).items()
                if k in ("stroke-width", "stroke-linecap", "stroke-linejoin")})
    return own


def own_cap_join(el):
    """Rule 8: the element's own cap (default round) and join (default miter)."""
    own = own_stroke_props(el)
    cap = (own.get("stroke-linecap") or "round").strip()
    join = (own.get("stroke-linejoin") or "miter").strip()
    return cap if cap in ("butt", "round", "square") else "round", join if join in ("miter", "round", "bevel") else "miter"


def own_width(el):
    """Rule 8: the element's own stroke-width, a bare number or px above 0; else None."""
    m = re.fullmatch(r"\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)(px)?\s*", own_stroke_props(el).get("stroke-width") or "")
    return float(m.group(1)) if m and float(m.group(1)) > 0 else None


def own_stroke(el):
    """Rule 8: (width, cap, join) of the element's own stroke, or None without a width."""
    w = own_width(el)
    return (w,) + own_cap_join(el) if w else None


def banded(pieces, width, cap, join):
    """Rule 8: the pieces drawn as their outlines stroked at twice `width`."""
    return [(el, Band(d, 2 * width, cap, join)) for el, d in pieces]


def build_items(doc, variant):
    if variant:
        top = doc.byid.get(variant)
        if top is None:
            raise ValueError("variant %r not found" % variant)
        all_shapes = [e for e in doc.drawables(top, skip_ids=("LayerTree",))
                      if not any((a.get("id") or "").endswith("-rotate-anchor") for a in doc.ancestors(e) + [e])]
    else:
        all_shapes = doc.drawables(doc.root, skip_ids=("Notes", "Guides", "LayerTree"))
    ink = lambda e: not doc.hidden(e) and doc.ink_opacity(e) > 0
    visible = [e for e in all_shapes if ink(e)]
    tree = doc.byid.get("LayerTree")
    version = template_version(doc)
    if tree is not None and (local(tree.tag) != "g" or any(local(c.tag) not in (None, "g") for c in tree)
                             or (version is not None and version < 5)):
        tree = None  # rule 7: only a group of groups, from template 5.0 on
    if tree is None:
        detect = [Item(classes(e), None) for e in all_shapes]
        items = [Item(classes(e), [("draw", [(e, None)])]) for e in visible]
        return detect, items, visible
    pieces = []  # every subpath of every variant shape, document order
    for e in all_shapes:
        if local(e.tag) == "path":
            pieces += [(e, s) for s in split_subpaths(e.get("d", ""))]
        else:
            pieces.append((e, None))

    def pick(el):
        """The indexed subpaths; subpaths of one element are joined into one path so that
        winding (holes) works between them, as it does in the source path."""
        idx = [int(t) for t in re.findall(r"-?\d+", doc.prop_with_layer_rules(el, "-sfsymbols-indices") or "")]
        joined = {}
        for i in dict.fromkeys(idx):  # each subpath once
            if 0 <= i < len(pieces) and ink(pieces[i][0]):
                e, d = pieces[i]
                joined.setdefault(e, []).append(d)
        return [(e, None if None in ds else " ".join(ds)) for e, ds in joined.items()]
    def group_list(el, inherited=None):
        """(action, pieces) in order: the element's shapeGroupLayer children (nested ones stand
        for their own children; an erasing one makes them all erase), else its own indices."""
        subs = [g for g in el if local(g.tag) and any(re.fullmatch(r"shapeGroupLayer-\d+", c)
                                                      for c in classes(g))]
        if not subs:
            return [(inherited or "draw", pick(el))]
        out = []
        for g in subs:
            act = (doc.prop_with_layer_rules(g, "-sfsymbols-fill-action") or "draw").strip().lower()
            act = "erase" if inherited == "erase" or act == "erase" else "draw"
            inner = group_list(g, act)
            w = own_width(g)
            leaf = not any(re.fullmatch(r"shapeGroupLayer-\d+", c) for x in g for c in classes(x))
            if act == "erase" and w and leaf:  # rule 8: an erasing group with a width, its holder's cap and join
                inner = [(a, banded(p, w, *own_cap_join(el))) for a, p in inner]
            out += inner
        return out

    def layer_nodes(el):
        """LayerTree children, looking through wrappers that name no layer."""
        out = []
        for c in el:
            if local(c.tag) is None:
                continue
            if any(is_layer_token(t) for t in classes(c)) or len([x for x in c if local(x.tag)]) == 0:
                out.append(c)
            else:
                out += layer_nodes(c)
        return out
    items = []
    for child in layer_nodes(tree):
        item = Item(classes(child), group_list(child), tree=True)
        item.node = child
        items.append(item)
    return items, items, visible


def element_color(name):
    """(colour, alpha) of a named UI element colour, or None (rule 13)."""
    low = name.strip().lower()
    low = low[:-5] if low.endswith("color") and len(low) > 5 else low
    low = "system" + low if re.fullmatch(r"gray[2-6]", low) else low
    return ELEMENT.get(low)


def system_color(name, doc, token, members, primary, accent):
    low = name.strip().lower()
    low = low[6:] if low.startswith("system") else low
    low = low[:-5] if low.endswith("color") and len(low) > 5 else low
    low = low.replace("grey", "gray")
    if low in ("tint", "accent"):
        return accent
    if low in SYSTEM:
        return SYSTEM[low]
    c = parse_color(doc.layer_rule(token).get("fill"))
    if c:
        return c
    for it in members:
        for _, pcs in it.groups:
            for el, _ in pcs:
                c = parse_color(doc.inherited(el, "fill"))
                if c and not (c == "#000000" and low == "custom"):
                    return c
    return primary


def plan_layers(doc, mode, detect, items, visible, primary, accent):
    annotated = {m: any(it.token(m) for it in detect) for m in MODES}

    def by(m):
        groups = {}
        for it in items:
            for t in it.mode_tokens(m):
                groups.setdefault(t, []).append(it)
        if any(it.tree for it in items):
            # Rule 1's exception, from the evidence (docs/rendering.md): a LayerTree paints its
            # layers in the order of its children, not by index.
            return list(groups.items())
        return sorted(groups.items(), key=lambda kv: kv[0][1])  # stable: ties keep first use

    version = template_version(doc)

    def layer(name, index, members, cb, op, color):
        groups = [g for it in members for g in it.groups]
        if any(it.tree for it in members):  # rule 8, LayerTree: a childless layer item's own width
            node = members[0].node
            band = own_stroke(node) if cb and not any(local(x.tag) for x in node) else None
        else:  # rule 8, classes: the first shape's own width, from template 6.0
            first = next((el for a, pcs in groups for el, _ in pcs), None)
            band = own_stroke(first) if cb and first is not None and version is not None and version >= 6 else None
        if band:
            groups = [(a, banded(pcs, *band) if a == "draw" else pcs) for a, pcs in groups]
        return {"index": index, "name": name, "groups": groups, "clearBehind": cb,
                "opacity": op, "color": color,
                "shapes": sum(1 if d is None or getattr(d, "whole", False) else d.count("M")
                              for a, p in groups if a == "draw" for _, d in p)}

    def mono():
        # Rule 6: without monochrome classes the glyph is one layer of every outline.
        if annotated["monochrome"]:
            out = []
            for (tok, n, _), members in by("monochrome"):
                rule = doc.layer_rule(tok)
                op = parse_opacity(rule.get("opacity", "1"))
                out.append(layer(tok, n, members, truthy(rule.get("-sfsymbols-clear-behind", "")), op, primary))
            return out
        everything = Item([], [("draw", [(e, None) for e in visible])])
        return [layer("all-shapes", 0, [everything], False, 1.0, primary)]

    if mode == "monochrome" or (mode == "hierarchical" and not annotated["hierarchical"]) \
            or (mode == "multicolor" and not annotated["multicolor"]):
        return mono()
    def v3_clear_behind(members):
        # Rule 3: SF Symbols 3 marks a clear-behind layer with a "clearBehindLayer" class on its path.
        return any("clearBehindLayer" in classes(el) for it in members for _, pcs in it.groups for el, _ in pcs)

    out = []
    for (tok, n, extra), members in by(mode):
        rule = doc.layer_rule(tok)
        op = parse_opacity(rule.get("opacity", "1"))
        if mode == "hierarchical":
            op *= LEVELS.get(extra.strip().lower(), 1.0)
            color = primary
        elif element_color(extra):
            color, alpha = element_color(extra)
            op *= alpha
        else:
            color = system_color(extra, doc, tok, members, primary, accent)
        out.append(layer(tok, n, members, truthy(rule.get("-sfsymbols-clear-behind", "")) or v3_clear_behind(members), op, color))
    return out


# ---------------------------------------------------------------- rendering
def piece_markup(doc, el, d):
    opening = closing = ""
    for anc in doc.ancestors(el)[1:]:  # skip the root <svg>
        if anc.get("transform"):
            opening += "<g transform=%s>" % quoteattr(anc.get("transform"))
            closing = "</g>" + closing
    attrs = {k: el.get(k) for k in GEOMETRY if el.get(k) is not None}
    if d is not None and not getattr(d, "whole", False):
        attrs["d"] = d
    if isinstance(d, Band):  # rule 8
        attrs.update({"fill": "none", "stroke": "#000", "stroke-width": format(d.width, ".10g"),
                      "stroke-linecap": d.cap, "stroke-linejoin": d.join})
    else:
        attrs["fill"] = "#000"
        attrs["fill-rule"] = "evenodd" if doc.inherited(el, "fill-rule", "nonzero").strip() == "evenodd" else "nonzero"
        attrs["stroke"] = "none"
    op = doc.ink_opacity(el)
    if op < 1:
        attrs["opacity"] = format(op, ".6g")
    a = " ".join("%s=%s" % (k, quoteattr(v)) for k, v in attrs.items())
    return "%s<%s %s/>%s" % (opening, local(el.tag), a, closing)


SUPERSAMPLE = int(os.environ.get("SF_REFERENCE_SUPERSAMPLE", "4"))


def coverage(doc, pieces, w, h, matrix, ss=SUPERSAMPLE):
    """Coverage of the pieces, 0..1 per pixel. resvg's anti-aliasing steps coverage in quarters
    of a pixel vertically; rendering at ss x ss the size and averaging each ss x ss block makes
    an edge exact to 1/(4 ss) of a pixel, so what is compared is geometry, not AA quantization."""
    if not pieces:
        return np.zeros((h, w))
    return rasterize("".join(piece_markup(doc, el, d) for el, d in concatenated(doc, pieces)), w, h, matrix, ss)


class Joined(str):
    """The path data of several paths of one layer, filled as one path."""


def concatenated(doc, pieces):
    """A layer's paths filled as one path (rule 4: a symbol's layer is one filled outline, so an
    outer and an inner contour written as two paths, wound opposite ways, make a ring): runs of
    consecutive plain `<path>` pieces with the same transforms, fill rule and opacity become one
    piece whose data is theirs joined. Each joined path must start with an absolute `M`."""
    def key(el, d):
        if local(el.tag) != "path" or isinstance(d, Band):
            return None
        data = (d if d is not None and not getattr(d, "whole", False) else el.get("d") or "").strip()
        if not data.startswith("M"):
            return None
        chain = tuple(a.get("transform") or "" for a in doc.ancestors(el)[1:])
        return (chain, el.get("transform") or "", doc.inherited(el, "fill-rule", "nonzero").strip(), doc.ink_opacity(el))
    out = []
    for el, d in pieces:
        k = key(el, d)
        data = (d if d is not None and not getattr(d, "whole", False) else el.get("d") or "").strip()
        if out and k is not None and out[-1][2] == k:
            prev_el, prev_d, _ = out[-1]
            out[-1] = (prev_el, Joined(prev_d + " " + data), k)
        else:
            out.append((el, Joined(data) if k is not None else d, k))
    return [(el, d) for el, d, _ in out]


def _render_alpha(body, W, H, matrix, dx=0, dy=0):
    """resvg's alpha (uint8, H x W) of the markup in root user space under `matrix`, shifted by
    (-dx, -dy) device pixels. The pieces are paths (no text): resvg need not load system fonts."""
    m = list(matrix)
    m[4] -= dx
    m[5] -= dy
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">'
           '<g transform="matrix(%s)">%s</g></svg>') % (W, H, W, H, " ".join(format(v, ".10g") for v in m), body)
    png = resvg_py.svg_to_bytes(svg_string=svg, width=W, height=H, skip_system_fonts=True)
    img = Image.open(io.BytesIO(bytes(png)))
    if img.size != (W, H):
        raise RuntimeError("resvg returned %s, expected %dx%d" % (img.size, W, H))
    return np.asarray(img.convert("RGBA").getchannel("A"))


def rasterize(body, w, h, matrix, ss=SUPERSAMPLE):
    """Coverage of SVG markup in root user space (see `coverage`). Drawn once at 1x to find the
    ink's pixels, then at ss x ss only over those pixels and a 2-pixel margin (everything else
    is 0 at any scale): the same coverage as the whole canvas at ss x ss, for a fraction of the
    work."""
    low = _render_alpha(body, w, h, matrix)
    ys, xs = np.nonzero(low)
    out = np.zeros((h, w))
    if len(xs) == 0:
        return out
    x0, x1 = max(0, int(xs.min()) - 2), min(w, int(xs.max()) + 3)
    y0, y1 = max(0, int(ys.min()) - 2), min(h, int(ys.max()) + 3)
    m = [v * ss for v in matrix]
    alpha = _render_alpha(body, (x1 - x0) * ss, (y1 - y0) * ss, m, x0 * ss, y0 * ss)
    # The mean of each ss x ss block, summed as integers.
    out[y0:y1, x0:x1] = alpha.reshape(y1 - y0, ss, x1 - x0, ss).sum(axis=(1, 3), dtype=np.uint32) / (255.0 * ss * ss)
    return out


def runs(groups):
    """Consecutive draw groups joined, so their shapes render together as one union."""
    merged = []
    for act, pcs in groups:
        if merged and act == "draw" and merged[-1][0] == "draw":
            merged[-1] = ("draw", merged[-1][1] + pcs)
        else:
            merged.append((act, list(pcs)))
    return merged


def layer_coverage(doc, groups, w, h, matrix):
    cov = np.zeros((h, w))
    for act, pcs in runs(groups):
        a = coverage(doc, pcs, w, h, matrix)
        cov = cov * (1 - a) if act == "erase" else cov + a - cov * a
    return cov


def render_job(job):
    w, h = int(job.get("width", 512)), int(job.get("height", 512))
    mode = job.get("mode", "monochrome")
    if mode not in MODES:
        raise ValueError("unknown mode %r" % mode)
    matrix = [float(v) for v in job.get("matrix", [1, 0, 0, 1, 0, 0])]
    primary = parse_color(job.get("primary") or "#000000") or "#000000"
    accent = parse_color(job.get("accent") or "#007AFF") or "#007AFF"
    doc = Doc(job["svg"])
    detect, items, visible = build_items(doc, job.get("variant"))
    layers = plan_layers(doc, mode, detect, items, visible, primary, accent)
    canvas = np.zeros((h, w, 4))  # premultiplied RGBA
    draw = job.get("draw")  # [lo, hi]: every layer shows that part of its draw path (sf_draw.py)
    ranges = None
    if job.get("draw_layers") is not None:  # one [lo, hi] (or null: the whole layer) per layer, bottom first
        ranges = sf_draw.layer_ranges(layers, job["draw_layers"])
    elif draw is not None:
        ranges = [(float(draw[0]), float(draw[1]))] * len(layers)
    by_element = {}
    for L, r in zip(layers, ranges or []):
        for act, pcs in L["groups"]:
            for el, _ in pcs:
                by_element.setdefault(el, r)
    for k, L in enumerate(layers):
        if ranges is not None:
            cov = sf_draw.layer_coverage(doc, sys.modules[__name__], L["groups"], w, h, matrix, ranges[k][0], ranges[k][1],
                                      job.get("variant"), by_element)
            if L["clearBehind"]:
                canvas *= (1 - cov)[:, :, None]
            a = cov * L["opacity"]
            src = np.concatenate([rgb01(L["color"])[None, None, :] * a[:, :, None], a[:, :, None]], axis=2)
            canvas = src + canvas * (1 - a)[:, :, None]
            continue
        # The layer's own shape: its groups in order, a draw group adding and an erase group
        # removing from this layer only; a clear-behind layer erases that shape beneath it.
        cov = layer_coverage(doc, L["groups"], w, h, matrix)
        if L["clearBehind"]:
            canvas *= (1 - cov)[:, :, None]
        a = cov * L["opacity"]
        src = np.concatenate([rgb01(L["color"])[None, None, :] * a[:, :, None], a[:, :, None]], axis=2)
        canvas = src + canvas * (1 - a)[:, :, None]
    alpha = canvas[:, :, 3]
    rgb = np.where(alpha[:, :, None] > 0, canvas[:, :, :3] / np.maximum(alpha, 1e-12)[:, :, None], 0)
    out = np.concatenate([rgb, alpha[:, :, None]], axis=2)
    Image.fromarray(np.clip(np.round(out * 255), 0, 255).astype(np.uint8), "RGBA").save(job["out"])
    return {"out": job["out"],
            "layers": [{"index": L["index"], "name": L["name"], "shapes": L["shapes"],
                        "clearBehind": L["clearBehind"], "opacity": round(L["opacity"], 6),
                        "color": L["color"].lower()} for L in layers]}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jobs")
    ap.add_argument("--svg")
    ap.add_argument("--mode", default="monochrome", choices=MODES)
    ap.add_argument("--variant", default=None)
    ap.add_argument("--size", nargs=2, type=int, default=[512, 512])
    ap.add_argument("--matrix", nargs=6, type=float, default=[1, 0, 0, 1, 0, 0])
    ap.add_argument("--out")
    ap.add_argument("--primary", default="#000000")
    ap.add_argument("--accent", default="#007AFF")
    args = ap.parse_args(argv)
    if args.jobs:
        with open(args.jobs) as f:
            jobs = json.load(f)
    elif args.svg and args.out:
        variant = None if (args.variant or "").lower() in ("", "null", "none") else args.variant
        jobs = [{"svg": args.svg, "mode": args.mode, "variant": variant, "width": args.size[0],
                 "height": args.size[1], "matrix": args.matrix, "out": args.out,
                 "primary": args.primary, "accent": args.accent}]
    else:
        ap.error("give --jobs JOBS.json, or --svg and --out")
    failed = 0
    for job in jobs:
        try:
            print(json.dumps(render_job(job)), flush=True)
        except Exception as exc:  # report and go on; exit status says something failed
            failed += 1
            print("sf_reference: job %s failed: %s: %s" % (job.get("out"), type(exc).__name__, exc),
                  file=sys.stderr, flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
