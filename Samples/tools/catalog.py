"""The sample symbols: geometry builder, layers per rendering mode and their annotations."""
from dataclasses import dataclass, field

import designs as D


@dataclass
class Sym:
    name: str
    depicts: str
    exercises: str
    build: object
    mono: list                    # annotations per monochrome layer
    hier: list                    # (level, annotations) per hierarchical layer
    multi: list                   # (colour, annotations) per multicolor layer
    paths: list                   # (monochrome, hierarchical, multicolor) layer index per path
    preview: list = None          # optional SFSymbolsPreview<hex> per path
    custom: dict = field(default_factory=dict)   # multicolor layer index -> fill for `custom`
    defaults: dict = None


def mg(n, **more):
    """Annotations with a motion group (keys use '_' for '-')."""
    return {'motion-group': n, **{k.replace('_', '-'): v for k, v in more.items()}}


def a(**more):
    return {k.replace('_', '-'): v for k, v in more.items()}


ONE = dict(mono=[{}], hier=[('primary', {})], multi=[('systemBlueColor', {})], paths=[(0, 0, 0)])
RING_TAGS = a(layer_tags='ring')
BODY_TAGS = a(layer_tags='"bell body"')
CLAPPER_TAGS = a(layer_tags='"bell clapper" bell')
VDRAW = a(variable_draw='0 1')

SYMBOLS = [
    Sym('checkmark', 'a checkmark, short arm first', 'draw data: start, corner, end', D.checkmark, **ONE),
    Sym('wave', 'a sine-like wave of four arcs', 'draw data with a bidirectional start (t = 0 in the middle)',
        D.wave, **ONE),
    Sym('ring', 'a ring (circle outline)', 'draw data on a closed ring: shared start/end at the top, clockwise',
        D.ring_symbol, **ONE),
    Sym('wifi.arcs', 'a dot and three concentric arcs', 'variable colour (dot 0, arcs 0.33/0.66/1.0), motion groups',
        D.wifi_arcs,
        mono=[mg(0, variable_threshold=0), mg(1, variable_threshold=0.33), mg(2, variable_threshold=0.66),
              mg(3, variable_threshold=1.0)],
        hier=[('primary', mg(0, variable_threshold=0)), ('secondary', mg(1, variable_threshold=0.33)),
              ('secondary', mg(2, variable_threshold=0.66)), ('secondary', mg(3, variable_threshold=1.0))],
        multi=[('systemBlueColor', a(variable_threshold=0))] + [('systemBlueColor', a(variable_threshold=t))
                                                               for t in (0.33, 0.66, 1.0)],
        paths=[(0, 0, 0), (1, 1, 1), (2, 2, 2), (3, 3, 3)], preview=['007AFF'] * 4),
    Sym('speaker.waves', 'a speaker body and three sound waves', 'variable colour (0.33/0.66/1.0), body not variable',
        D.speaker_waves,
        mono=[mg(0), mg(1, variable_threshold=0.33), mg(1, variable_threshold=0.66), mg(1, variable_threshold=1.0)],
        hier=[('primary', mg(0)), ('primary', mg(1, variable_threshold=0.33)),
              ('primary', mg(1, variable_threshold=0.66)), ('primary', mg(1, variable_threshold=1.0))],
        multi=[('systemGrayColor', {}), ('systemBlueColor', a(variable_threshold=0.33)),
               ('systemBlueColor', a(variable_threshold=0.66)), ('systemBlueColor', a(variable_threshold=1.0))],
        paths=[(0, 0, 0), (1, 1, 1), (2, 2, 2), (3, 3, 3)]),
    Sym('fan', 'a four-blade fan on a stand', 'always-rotates layer (hub + blades), static stand; Q curves',
        D.fan,
        mono=[{}, a(always_rotates='true')], hier=[('secondary', {}), ('primary', a(always_rotates='true'))],
        multi=[('systemGrayColor', {}), ('systemTealColor', a(always_rotates='true'))],
        paths=[(0, 0, 0), (1, 1, 1)]),
    Sym('bell', 'a bell (body with knob, clapper)', 'layer tags shared with bell.slash (magic replace)', D.bell,
        mono=[BODY_TAGS, CLAPPER_TAGS], hier=[('primary', BODY_TAGS), ('primary', CLAPPER_TAGS)],
        multi=[('systemYellowColor', BODY_TAGS), ('systemOrangeColor', CLAPPER_TAGS)],
        paths=[(0, 0, 0), (1, 1, 1)]),
    Sym('bell.slash', 'the bell crossed by a slash with a gap', 'clear-behind gap layer, slash draw data, layer tags',
        D.bell_slash,
        mono=[mg(0, **BODY_TAGS), mg(0, **CLAPPER_TAGS), mg(1, clear_behind='true', opacity='0.0', layer_tags='slash-gap'),
              mg(1, layer_tags='slash')],
        hier=[('primary', mg(0, **BODY_TAGS)), ('primary', mg(0, **CLAPPER_TAGS)),
              ('primary', mg(1, clear_behind='true', opacity='0.0', layer_tags='slash-gap')), ('primary', mg(1, layer_tags='slash'))],
        multi=[('systemYellowColor', BODY_TAGS), ('systemOrangeColor', CLAPPER_TAGS),
               ('systemRedColor', a(clear_behind='true', opacity='0.0', layer_tags='slash-gap')), ('systemRedColor', a(layer_tags='slash'))],
        paths=[(0, 0, 0), (1, 1, 1), (2, 2, 2), (3, 3, 3)]),
    Sym('star', 'a five-point star outline', 'ring-like contour pair (hole by winding); replace pair with star.fill',
        D.star, mono=[a(layer_tags='star')], hier=[('primary', a(layer_tags='star'))],
        multi=[('systemYellowColor', a(layer_tags='star'))], paths=[(0, 0, 0)], preview=['FFCC00']),
    Sym('star.fill', 'the filled star', 'single filled contour; replace pair with star', D.star_fill,
        mono=[a(layer_tags='star')], hier=[('primary', a(layer_tags='star'))],
        multi=[('systemYellowColor', a(layer_tags='star'))], paths=[(0, 0, 0)], preview=['FFCC00']),
    Sym('circle', 'a circle outline', 'enclosure shared with the circle symbols (layer tag ring)', D.circle,
        mono=[RING_TAGS], hier=[('primary', RING_TAGS)], multi=[('systemBlueColor', RING_TAGS)], paths=[(0, 0, 0)]),
    Sym('checkmark.circle', 'a checkmark inside the circle', 'draw data on the check; ring secondary, check primary',
        D.checkmark_circle,
        mono=[RING_TAGS, a(layer_tags='check')], hier=[('secondary', RING_TAGS), ('primary', a(layer_tags='check'))],
        multi=[('systemBlueColor', RING_TAGS), ('systemGreenColor', a(layer_tags='check'))],
        paths=[(0, 0, 0), (1, 1, 1)]),
    Sym('arrow.down.circle', 'a download arrow in the circle', 'overlapping contours in one path; ring secondary',
        D.arrow_down_circle,
        mono=[RING_TAGS, {}], hier=[('secondary', RING_TAGS), ('primary', {})],
        multi=[('systemBlueColor', RING_TAGS), ('tintColor', {})], paths=[(0, 0, 0), (1, 1, 1)]),
    Sym('checkmark.circle.fill', 'a filled disc with a checkmark knocked out',
        'clear-behind in monochrome only; white check in multicolor', D.checkmark_circle_fill,
        mono=[{}, a(clear_behind='true', opacity='0.0')], hier=[('secondary', {}), ('primary', {})],
        multi=[('systemGreenColor', {}), ('white', {})], paths=[(0, 0, 0), (1, 1, 1)], preview=['34C759', 'FFFFFF']),
    Sym('heart.pulse', 'a heart outline with a pulse line inside', 'always-pulses layer; heart primary', D.heart_pulse,
        mono=[{}, a(always_pulses='true')], hier=[('primary', {}), ('secondary', a(always_pulses='true'))],
        multi=[('systemPinkColor', {}), ('systemRedColor', a(always_pulses='true'))], paths=[(0, 0, 0), (1, 1, 1)]),
    Sym('cloud.sun', 'a sun (crescent behind a cloud), rays, cloud, sparkle',
        'multicolor with custom fill and tintColor; monochrome merges sun + rays into one layer',
        D.cloud_sun,
        mono=[mg(0), mg(1), mg(1)],
        hier=[('secondary', mg(0)), ('secondary', mg(0)), ('primary', mg(1)), ('tertiary', mg(1))],
        multi=[('systemYellowColor', mg(0)), ('systemOrangeColor', mg(0)), ('custom', mg(1)), ('tintColor', mg(1))],
        paths=[(0, 0, 0), (0, 1, 1), (1, 2, 2), (2, 3, 3)], custom={2: '#D1D6E0'},
        preview=['FFCC00', 'FF9500', 'D1D6E0', '007AFF']),
    Sym('stack', 'a card with two shorter cards behind it', 'primary / secondary / tertiary, motion groups',
        D.stack, mono=[mg(0), mg(1), mg(2)], hier=[('primary', mg(0)), ('secondary', mg(1)), ('tertiary', mg(2))],
        multi=[('systemIndigoColor', mg(0)), ('systemIndigoColor', mg(1)), ('systemIndigoColor', mg(2))],
        paths=[(0, 0, 0), (1, 1, 1), (2, 2, 2)]),
    Sym('thermometer', 'a thermometer tube with ticks and a mercury column',
        'variable draw 0 1 with draw data bottom to top; .defaults rule', D.thermometer,
        mono=[{}, VDRAW], hier=[('secondary', {}), ('primary', VDRAW)],
        multi=[('systemGrayColor', {}), ('systemRedColor', VDRAW)], paths=[(0, 0, 0), (1, 1, 1)],
        defaults=a(variable_value_mode='draw')),
    Sym('progress.ring', 'a faint track ring and a progress ring', 'variable draw 0 1, draw data clockwise from the top',
        D.progress_ring, mono=[{}, VDRAW], hier=[('tertiary', {}), ('primary', VDRAW)],
        multi=[('systemGrayColor', {}), ('systemBlueColor', VDRAW)], paths=[(0, 0, 0), (1, 1, 1)],
        defaults=a(variable_value_mode='draw')),
]


def by_name(name):
    return next(s for s in SYMBOLS if s.name == name)
