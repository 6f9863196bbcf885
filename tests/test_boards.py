"""Board modules against fake CircuitPython modules: the contract, the wiring, settings."""

import pathlib
import re
import sys
import tomllib

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from board_fakes import REPO, fake_hardware  # noqa: E402
from mpy.harness import board_lib_dirs, run_micropython  # noqa: E402

CONTRACT = ("keys", "key_names", "encoder", "pixels", "die_pixels", "key_pixels", "display",
            "sound", "ticks_ms", "nvm", "log_path")
KNOWN_KEY_NAMES = {"die0", "die1", "die2", "die3", "die4", "die5", "roll", "bank", "best",
                   "hint", "menu", "select", "mute"}


def settings_from(values):
    from hardware.settings import Settings

    return Settings(getenv=dict(values).get)


def build(module, values=(), board_id=None):
    """make_board(settings) of hardware.<module> under the fakes (already installed)."""
    import importlib

    board_module = importlib.import_module("hardware." + module)
    return board_module.make_board(settings_from(values))


def check_contract(made):
    for name in CONTRACT:
        assert hasattr(made, name), name
    assert made.keys.events.get() is None
    assert isinstance(made.key_names, tuple)
    assert len(made.key_names) == made.keys.key_count
    assert set(made.key_names) <= KNOWN_KEY_NAMES
    assert made.key_names[:6] == ("die0", "die1", "die2", "die3", "die4", "die5")
    assert len(set(made.key_names)) == len(made.key_names)
    for name in ("roll", "bank", "menu"):
        assert name in made.key_names
    assert made.encoder is None or isinstance(made.encoder.position, int)
    assert made.pixels.auto_write is False
    assert made.pixels.shown >= 1 and set(made.pixels[i] for i in range(len(made.pixels))) == {
        (0, 0, 0)}
    assert len(made.die_pixels) == 6
    used = [index for die in made.die_pixels for index in die]
    assert all(len(die) in (1, 7) for die in made.die_pixels)
    assert len(set(used)) == len(used) and all(0 <= i < len(made.pixels) for i in used)
    for name, index in made.key_pixels.items():
        assert name in made.key_names and 0 <= index < len(made.pixels) and index not in used
    assert hasattr(made.display, "root_group")
    assert (made.display.width, made.display.height) == (128, 64)
    made.display.root_group = object()
    made.sound.play("click")
    made.sound.update(made.ticks_ms())
    made.sound.mute = True
    assert made.sound.mute is True
    assert isinstance(made.ticks_ms(), int)
    assert made.nvm is None or len(made.nvm) > 0
    assert made.log_path is None or made.log_path.startswith("/")
    assert isinstance(made.problems, list)


def test_contract_attributes_are_the_documented_ones():
    doc = (REPO / "hardware" / "__init__.py").read_text()
    documented = re.findall(r"^``(\w+)``\n", doc, re.M)
    assert set(CONTRACT) | {"problems"} == set(documented)


def test_board_table():
    import hardware

    assert hardware.module_for("adafruit_macropad_rp2040") == "macropad"
    assert hardware.module_for("raspberry_pi_pico") == "pico_tower"
    assert hardware.module_for("raspberry_pi_pico", "macropad") == "macropad"
    assert hardware.module_for("some_other_board") is None
    for name in set(hardware.BOARD_MODULES.values()):
        assert (REPO / "hardware" / (name + ".py")).is_file()


# -- MacroPad ------------------------------------------------------------------------

def test_macropad_contract_and_parts():
    with fake_hardware("adafruit_macropad_rp2040") as fakes:
        made = build("macropad")
        check_contract(made)
        board = fakes.board
        assert made.problems == []
        assert made.keys.pins == tuple(getattr(board, "KEY%d" % n) for n in range(1, 13)) + (
            board.ENCODER_SWITCH,)
        assert made.keys.value_when_pressed is False and made.keys.pull is True
        assert made.key_names[12] == "select"
        assert made.die_pixels == ((0,), (1,), (2,), (3,), (4,), (5,))
        assert made.key_pixels == {"hint": 6, "best": 7, "menu": 8, "roll": 9, "mute": 10,
                                   "bank": 11}
        assert made.pixels.pin is board.NEOPIXEL and len(made.pixels) == 12
        assert made.pixels.brightness == 0.25
        assert made.display is board.DISPLAY
        assert made.nvm is fakes.microcontroller.nvm


def test_macropad_layout_reads_in_rows_under_the_display():
    with fake_hardware("adafruit_macropad_rp2040"):
        from hardware import macropad

        rows = [macropad.KEY_NAMES[row * 3:row * 3 + 3] for row in range(4)]
        assert rows == [("die0", "die1", "die2"), ("die3", "die4", "die5"),
                        ("hint", "best", "menu"), ("roll", "mute", "bank")]


def test_macropad_key_events_arrive_in_order():
    with fake_hardware("adafruit_macropad_rp2040"):
        made = build("macropad")
        for number in (0, 9, 12):
            made.keys.events.put(number, True)
        made.keys.events.put(0, False)
        seen = []
        event = made.keys.events.get()
        while event is not None:
            seen.append((made.key_names[event.key_number], event.pressed))
            event = made.keys.events.get()
        assert seen == [("die0", True), ("roll", True), ("select", True), ("die0", False)]
        assert made.key_number("bank") == 11 and made.key_number("nope") is None


def test_macropad_knob_counts_up_clockwise():
    with fake_hardware("adafruit_macropad_rp2040"):
        made = build("macropad")
        made.encoder._encoder.position = -3  # the raw encoder counts down clockwise
        assert made.encoder.position == 3
        made.encoder.position = 0
        assert made.encoder._encoder.position == 0


def test_macropad_speaker_needs_its_amplifier_enabled():
    with fake_hardware("adafruit_macropad_rp2040") as fakes:
        made = build("macropad")
        tone = made.sound.tone
        assert tone._pwm.pin is fakes.board.SPEAKER and tone._pwm.variable_frequency
        assert tone._enable.pin is fakes.board.SPEAKER_ENABLE and tone._enable.value is False
        made.sound.play("roll")
        assert tone._enable.value is True and tone._pwm.frequency == 196
        assert tone._pwm.duty_cycle == 0x8000 * 50 // 100
        made.sound.stop()
        assert tone._enable.value is False and tone._pwm.duty_cycle == 0


def test_macropad_sound_settings():
    with fake_hardware("adafruit_macropad_rp2040"):
        off = build("macropad", {"FARKLE_SOUND": "off"})
        assert off.sound.tone is None and off.sound.play("win") is True
        synth = build("macropad", {"FARKLE_SOUND": "Synth", "FARKLE_MUTED": 1,
                                   "FARKLE_VOLUME": "100"})
        assert type(synth.sound.tone).__name__ == "SynthTone"
        assert synth.sound.mute is True and synth.sound.play("win") is False
        synth.sound.mute = False
        synth.sound.play("win")
        assert [note.frequency for note in synth.sound.tone._synth.pressed] == [523]
        assert synth.sound.tone._amplitude == 1.0


def test_log_path_only_when_boot_py_made_the_drive_writable():
    with fake_hardware("adafruit_macropad_rp2040") as fakes:
        assert build("macropad").log_path is None
        fakes.storage.remount("/", readonly=False)
        assert build("macropad").log_path == "/farkle_log.txt"


# -- Pico tower ------------------------------------------------------------------------

def test_pico_tower_default_wiring():
    with fake_hardware() as fakes:
        made = build("pico_tower")
        check_contract(made)
        board = fakes.board
        assert made.problems == []
        assert made.key_names == ("die0", "die1", "die2", "die3", "die4", "die5", "roll",
                                  "bank", "menu")
        assert [pin.name for pin in made.keys.pins] == [
            "GP2", "GP3", "GP4", "GP5", "GP6", "GP7", "GP8", "GP9", "GP10"]
        assert made.keys.value_when_pressed is False and made.keys.pull is True
        assert made.encoder is None and made.key_pixels == {}
        assert made.pixels.pin is board.GP16 and len(made.pixels) == 42
        assert made.pixels.pixel_order == "GRB"
        assert made.die_pixels[0] == (0, 1, 2, 3, 4, 5, 6)
        assert made.die_pixels[5] == (35, 36, 37, 38, 39, 40, 41)
        display = made.display
        assert type(display).__name__ == "SSD1306"
        assert display.bus.device_address == 0x3C and display.rotation == 0
        assert (display.bus.i2c.scl, display.bus.i2c.sda) == (board.GP15, board.GP14)
        assert display.bus.i2c.frequency == 400000
        assert fakes.displayio.released >= 1
        assert made.sound.tone._pwm.pin is board.GP18 and made.sound.tone._enable is None


def test_pico_tower_pixel_layouts():
    with fake_hardware():
        zigzag = build("pico_tower", {"FARKLE_PICO_PIP_ORDER": "0,1,4,3,2,5,6"})
        assert zigzag.die_pixels[1] == (7, 8, 11, 10, 9, 12, 13)
        chain = build("pico_tower", {"FARKLE_PICO_PIXELS_PER_DIE": 1,
                                     "FARKLE_PICO_PIXEL_ORDER": "rgbw"})
        assert len(chain.pixels) == 6 and chain.die_pixels == tuple((d,) for d in range(6))
        assert chain.pixels.pixel_order == "RGBW" and chain.problems == []


def test_pico_tower_optional_parts():
    with fake_hardware() as fakes:
        made = build("pico_tower", {
            "FARKLE_PICO_BEST_KEY": "GP11", "FARKLE_PICO_HINT_KEY": "GP12",
            "FARKLE_PICO_ENCODER": "GP20, GP21", "FARKLE_PICO_SELECT_KEY": "GP22",
            "FARKLE_PICO_PIEZO": "", "FARKLE_PICO_OLED_ROTATION": "180",
            "FARKLE_PICO_OLED_ADDRESS": 61})
        check_contract(made)
        assert made.problems == []
        assert made.key_names[9:] == ("best", "hint", "select")
        assert [pin.name for pin in made.keys.pins[9:]] == ["GP11", "GP12", "GP22"]
        assert made.encoder.pins == (fakes.board.GP20, fakes.board.GP21)
        assert made.sound.tone is None
        assert made.display.rotation == 180 and made.display.bus.device_address == 0x3D


@pytest.mark.parametrize("key, value, expect", [
    ("FARKLE_BRIGHTNESS", "lots", 'FARKLE_BRIGHTNESS="lots": want a number; using 25'),
    ("FARKLE_BRIGHTNESS", 300, "FARKLE_BRIGHTNESS=300: want 0..100; using 25"),
    ("FARKLE_PICO_DIE_KEYS", "GP2,GP3", "want 6 pins"),
    ("FARKLE_PICO_DIE_KEYS", "GP2,GP3,GP4,GP5,GP6,GP6", "a pin is listed twice"),
    ("FARKLE_PICO_ROLL_KEY", "GP99", 'FARKLE_PICO_ROLL_KEY="GP99": no such pin; using "GP8"'),
    ("FARKLE_PICO_ROLL_KEY", "", "no such pin"),
    ("FARKLE_PICO_ROLL_KEY", "board_id", "no such pin"),
    ("FARKLE_PICO_PIEZO", "DISPLAY", "no such pin"),
    ("FARKLE_PICO_PIXELS_PER_DIE", 3, "want 1 or 7"),
    ("FARKLE_PICO_PIP_ORDER", "0,1,2,3,4,5,5", "want each of 0..6 once"),
    ("FARKLE_PICO_PIP_ORDER", "a,b", "want 7 numbers"),
    ("FARKLE_PICO_PIXEL_ORDER", "BGR", "want one of GRB/RGB/GRBW/RGBW"),
    ("FARKLE_PICO_OLED_ADDRESS", "0x99", "want 0x08..0x77"),
    ("FARKLE_PICO_OLED_ROTATION", 90, "want 0 or 180"),
    ("FARKLE_SOUND", "loud", "want one of pwm/synth/off"),
    ("FARKLE_MUTED", "maybe", "want 1 or 0"),
])
def test_pico_tower_bad_setting_is_reported_and_default_used(key, value, expect):
    with fake_hardware():
        made = build("pico_tower", {key: value})
        default = build("pico_tower")
        assert len(made.problems) == 1 and expect in made.problems[0], made.problems
        assert made.problems[0].startswith(key)
        assert [pin.name for pin in made.keys.pins] == [pin.name for pin in default.keys.pins]
        assert made.die_pixels == default.die_pixels
        assert made.pixels.brightness == default.pixels.brightness


@pytest.mark.parametrize("values, pin", [
    ({"FARKLE_PICO_ROLL_KEY": "GP2"}, "GP2"),
    ({"FARKLE_PICO_PIEZO": "LED", "FARKLE_PICO_BANK_KEY": "GP25"}, "LED"),  # LED is GP25
    ({"FARKLE_PICO_ENCODER": "GP14,GP15"}, "GP14"),
])
def test_pico_tower_pin_clash_falls_back_to_default_wiring(values, pin):
    with fake_hardware() as fakes:
        made = build("pico_tower", values)
        assert made.problems == ["pin %s has two jobs; using the default wiring" % pin]
        assert [p.name for p in made.keys.pins][6:] == ["GP8", "GP9", "GP10"]
        assert made.sound.tone._pwm.pin is fakes.board.GP18 and made.encoder is None


def test_pico_tower_without_oled_keeps_going():
    with fake_hardware() as fakes:
        fakes.i2cdisplaybus.missing = True
        made = build("pico_tower")
        check_contract(made)
        assert type(made.display).__name__ == "NullDisplay"
        assert made.problems == ["no OLED at 0x3C on GP14/GP15 "
                                 "(Unable to find I2C Display at 3c)"]
        fakes.i2cdisplaybus.missing = False
        fakes.busio.no_pullups = True
        made = build("pico_tower")
        assert type(made.display).__name__ == "NullDisplay"
        assert "No pull up found" in made.problems[0]


def test_pico_tower_encoder_that_fails_is_reported():
    with fake_hardware() as fakes:
        fakes.rotaryio.refuse = "pins must be sequential"
        made = build("pico_tower", {"FARKLE_PICO_ENCODER": "GP20,GP22"})
        assert made.encoder is None
        assert made.problems == ["no encoder on GP20,GP22 (pins must be sequential)"]


# -- settings ------------------------------------------------------------------------

def test_settings_read_each_key_once():
    from hardware.settings import Settings

    calls = []

    def getenv(key):
        calls.append(key)
        return {"A": "7", "B": 300}.get(key)

    settings = Settings(getenv)
    assert settings.integer("A", 1, 0, 10) == 7
    assert settings.integer("A", 1, 0, 10) == 7
    assert settings.integer("B", 5, 0, 10) == 5
    assert settings.integer("B", 5, 0, 10) == 5
    assert settings.integer("C", 9) == 9
    assert calls == ["A", "B", "C"]
    assert settings.problems == ["B=300: want 0..10; using 5"]


def test_settings_parsers():
    settings = settings_from({
        "INT": " 30 ", "HEX": "0x3c", "NEG": "-4", "RAW": 12, "BOOL": True, "F1": "Yes",
        "F0": 0, "CH": "synth", "ORDER": "2, 0, 1", "EMPTY": ""})
    assert settings.integer("INT", 0) == 30
    assert settings.integer("HEX", 0) == 60 and settings.address("HEX", 0) == 60
    assert settings.integer("NEG", 0, -10, 10) == -4
    assert settings.integer("RAW", 0) == 12
    assert settings.integer("BOOL", 3) == 3  # True is not a number
    assert settings.flag("F1", False) is True and settings.flag("F0", True) is False
    assert settings.choice("CH", "pwm", ("pwm", "synth")) == "synth"
    assert settings.order("ORDER", (0, 1, 2)) == (2, 0, 1)
    assert settings.text("EMPTY", "x") == ""
    assert settings.text("MISSING", "x") == "x"
    assert settings.get("CH") == "synth" and settings.get("MISSING", 4) == 4
    assert settings.problems == ['BOOL=True: want a number; using 3']


def test_settings_unreadable_value_uses_default():
    from hardware.settings import Settings

    def getenv(key):
        raise ValueError("invalid syntax")

    settings = Settings(getenv)
    assert settings.brightness() == 0.25
    assert settings.problems == ["FARKLE_BRIGHTNESS: unreadable (invalid syntax)"]


def settings_toml():
    with open(REPO / "settings.toml", "rb") as handle:
        return tomllib.load(handle)


def test_settings_toml_documents_the_defaults():
    values = settings_toml()
    assert all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in values.values())
    with fake_hardware():
        from hardware import pico_tower
        from hardware import settings as shared

        pico = {key: value for key, value in values.items() if key.startswith("FARKLE_PICO_")}
        assert set(pico) == set(pico_tower.DEFAULTS)
        loaded = settings_from(values)
        wiring = pico_tower.read_wiring(loaded)
        assert wiring == pico_tower.DEFAULTS
        assert loaded.brightness() == shared.BRIGHTNESS_DEFAULT / 100
        assert loaded.sound() == (shared.SOUND_DEFAULT, shared.VOLUME_DEFAULT,
                                  shared.MUTED_DEFAULT)
        assert loaded.problems == []
        shared_keys = {shared.BRIGHTNESS, shared.SOUND, shared.VOLUME, shared.MUTED}
        assert set(values) - set(pico) == shared_keys
        text = (REPO / "settings.toml").read_text()
        for key in (shared.BOARD, "FARKLE_WRITE_KEY"):
            assert "# %s = " % key in text  # documented, commented out


def test_boards_build_from_the_shipped_settings_without_problems():
    values = settings_toml()
    with fake_hardware("adafruit_macropad_rp2040"):
        assert build("macropad", values).problems == []
        assert build("pico_tower", values).problems == []


# -- sound ---------------------------------------------------------------------------

class RecordingTone:
    def __init__(self):
        self.log = []

    def start(self, freq):
        self.log.append(freq)

    def stop(self):
        self.log.append("stop")


def test_sound_plays_notes_on_time_without_blocking():
    from hardware.sound import Sound, pack

    tone = RecordingTone()
    sound = Sound(tone, effects={"t": pack("100/30 0/10 200/20")})
    assert sound.play("t") and tone.log == [100] and sound.playing == "t"
    sound.update(1000)  # first update: the first note runs 30 ms from here
    sound.update(1029)
    assert tone.log == [100]
    sound.update(1030)
    assert tone.log == [100, 0]
    sound.update(1040)
    assert tone.log == [100, 0, 200]
    sound.update(1059)
    assert sound.playing == "t"
    sound.update(1060)
    assert tone.log == [100, 0, 200, "stop"] and sound.playing is None
    sound.update(5000)
    assert tone.log[-1] == "stop" and len(tone.log) == 4


def test_sound_catches_up_after_a_stall_and_across_the_clock_wrap():
    from hardware.sound import Sound, pack

    tone = RecordingTone()
    sound = Sound(tone, effects={"t": pack("100/30 200/30 300/30")})
    start = (1 << 29) - 40  # ticks_ms wraps at 2**29
    sound.play("t")
    sound.update(start)
    sound.update(5)  # 45 ms later, past the wrap
    assert tone.log == [100, 200]
    sound.update(500)  # a long stall: the effect ends rather than hanging
    assert tone.log == [100, 200, 300, "stop"]


def test_sound_mute_and_unknown_effects():
    from hardware.sound import EFFECTS, Sound, note

    tone = RecordingTone()
    sound = Sound(tone)
    assert sound.play("nope") is False and tone.log == []
    sound.play("farkle")
    sound.mute = True
    assert tone.log[-1] == "stop" and sound.playing is None
    assert sound.play("win") is False
    sound.mute = False
    assert sound.play("win") is True
    assert set(EFFECTS) >= {"roll", "farkle", "hot", "win", "click"}
    for packed in EFFECTS.values():
        notes = [note(packed, index) for index in range(len(packed) // 4)]
        assert sum(length for _, length in notes) <= 1500
        for freq, length in notes:
            assert freq == 0 or 100 <= freq <= 5000
            assert 5 <= length <= 1000


def test_silent_sound_still_keeps_time():
    from hardware.sound import Sound

    sound = Sound(None)
    sound.play("hot")
    sound.update(0)
    sound.update(10000)
    assert sound.playing is None


# -- boot.py -------------------------------------------------------------------------

def run_boot():
    source = (REPO / "boot.py").read_text()
    scope = {"__name__": "boot"}
    exec(compile(source, "boot.py", "exec"), scope)
    return scope


@pytest.mark.parametrize("board_id, pin", [("adafruit_macropad_rp2040", "KEY9"),
                                           ("raspberry_pi_pico", "GP10")])
def test_boot_leaves_the_drive_to_the_computer_unless_menu_is_held(board_id, pin, monkeypatch):
    monkeypatch.delenv("FARKLE_WRITE_KEY", raising=False)
    monkeypatch.delenv("FARKLE_PICO_MENU_KEY", raising=False)
    with fake_hardware(board_id) as fakes:
        run_boot()
        assert fakes.storage.remounts == []
        assert fakes.usb_midi.enabled is False and fakes.usb_hid.enabled is False
        assert fakes.supervisor.usb_identification == ("Farkle", "Farkle Dice Tower")
        fakes.digitalio.held.add(pin)
        run_boot()
        assert fakes.storage.remounts == [("/", False)]
        fakes.digitalio.held.clear()


def test_boot_write_key_follows_settings(monkeypatch):
    with fake_hardware("raspberry_pi_pico") as fakes:
        monkeypatch.setenv("FARKLE_PICO_MENU_KEY", "GP11")
        fakes.digitalio.held.add("GP11")
        run_boot()
        assert fakes.storage.remounts == [("/", False)]
        monkeypatch.setenv("FARKLE_WRITE_KEY", "GP3")
        assert run_boot()["write_key_pin"]() == "GP3"
        fakes.digitalio.held.clear()


def test_boot_write_key_is_each_boards_menu_key():
    boot = {}
    with fake_hardware():
        exec(compile((REPO / "boot.py").read_text().replace("\nmain()\n", "\n"), "boot.py",
                     "exec"), boot)
        from hardware import macropad, pico_tower

        menu = macropad.KEY_PINS[macropad.KEY_NAMES.index(macropad.WRITE_KEY)]
        assert macropad.WRITE_KEY == "menu"
        for board_id, module in __import__("hardware").BOARD_MODULES.items():
            expected = menu if module == "macropad" else pico_tower.DEFAULTS[
                pico_tower.MENU_KEY]
            assert boot["WRITE_KEYS"][board_id] == expected
        assert boot["PICO_MENU_SETTING"] == pico_tower.MENU_KEY


# -- the same on CircuitPython's core----------------------------------------------------

MPY_SCRIPT = r'''
import board
from hardware.settings import Settings
from hardware import macropad, pico_tower

board.board_id = "adafruit_macropad_rp2040"
pad = macropad.make_board(Settings({"FARKLE_SOUND": "synth"}.get))
assert pad.problems == [], pad.problems
assert pad.key_names[9] == "roll" and len(pad.pixels) == 12
pad.sound.play("roll")
pad.sound.update(0)
pad.sound.update(1000)
assert pad.sound.playing is None

board.board_id = "raspberry_pi_pico"
values = {"FARKLE_PICO_PIP_ORDER": "0,1,4,3,2,5,6", "FARKLE_BRIGHTNESS": "x",
          "FARKLE_PICO_OLED_ADDRESS": "0x3D", "FARKLE_PICO_ENCODER": "GP20,GP21"}
tower = pico_tower.make_board(Settings(values.get))
assert tower.problems == ['FARKLE_BRIGHTNESS="x": want a number; using 25'], tower.problems
assert tower.die_pixels[1] == (7, 8, 11, 10, 9, 12, 13)
assert tower.display.bus.device_address == 0x3D and tower.encoder is not None
clash = pico_tower.make_board(Settings({"FARKLE_PICO_BANK_KEY": "GP2"}.get))
assert clash.problems == ["pin GP2 has two jobs; using the default wiring"]
print("boards ok")

import digitalio, storage
digitalio.held.add("GP10")
'''


def test_boards_and_boot_run_on_micropython():
    boot = (REPO / "boot.py").read_text()
    script = MPY_SCRIPT + (
        "exec(%r)\nassert storage.remounts == [('/', False)]\nprint('boot ok')\n" % boot)
    result = run_micropython(script, mounts=("hardware",), libs=board_lib_dirs()).check()
    assert result.stdout.splitlines() == [
        "boards ok", "farkle: GP10 held, the game may write to the drive; the computer may not",
        "boot ok"]


def set_up_only():
    """code.py's ``BOOT_ONLY``: the modules that only set a board up, forgotten once the app
    is made."""
    import ast

    for node in ast.parse((REPO / "code.py").read_text()).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "BOOT_ONLY":
            return ast.literal_eval(node.value)
    raise AssertionError("code.py has no BOOT_ONLY")


@pytest.mark.parametrize("board_id, module, values", [
    ("adafruit_macropad_rp2040", "macropad", {}),
    ("adafruit_macropad_rp2040", "macropad", {"FARKLE_SOUND": "synth"}),
    ("raspberry_pi_pico", "pico_tower", {}),
])
def test_what_a_board_keeps_is_of_no_module_the_set_up_forgets(board_id, module, values):
    """An object's class keeps its methods, and a method its module's every function: one
    object of a set-up module's class kept by the board would keep that whole module in a
    board's heap for the game (a missing display's stand-in is the one allowed)."""
    forgotten = set_up_only()
    assert "hardware.parts" in forgotten
    with fake_hardware(board_id):
        made = build(module, values)
        kept = [made] + list(vars(made).values()) + list(vars(made.sound).values())
        if made.encoder is not None:
            kept += list(vars(made.encoder).values())
        for thing in kept:
            assert type(thing).__module__ not in forgotten, type(thing)
