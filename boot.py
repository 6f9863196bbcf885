"""boot.py: runs once at power-up or reset, before the computer sees the CIRCUITPY drive.

Normally the drive stays writable by the computer (copy new code onto it as usual) and
read-only to the game. Hold the MENU key while plugging in (or while pressing reset) to
swap that round for this session: the game may then write its log and saves to the
drive, and the computer sees the drive read-only. Unplug, or reset without the key, to
go back. The key is KEY9 on the MacroPad (the right key of the third row) and the MENU
button (FARKLE_PICO_MENU_KEY, GP10 by default) on the Pico tower; FARKLE_WRITE_KEY in
settings.toml names another pin. The encoder's push switch is not used for this: on the
MacroPad it is also the BOOT button and holding it at reset starts the UF2 bootloader.

The game needs no USB keyboard or MIDI, so those USB devices are switched off (the
drive and the serial console stay). Changes here apply after a hard reset or re-plug.
What happened is printed to boot_out.txt.
"""

import os

import board
import digitalio
import storage
import time

WRITE_KEYS = {  # board_id -> pin of the key that makes the drive writable by the game
    "adafruit_macropad_rp2040": "KEY9",
    "raspberry_pi_pico": "GP10",
    "raspberry_pi_pico_w": "GP10",
    "raspberry_pi_pico2": "GP10",
    "raspberry_pi_pico2_w": "GP10",
}
PICO_MENU_SETTING = "FARKLE_PICO_MENU_KEY"


def _setting(key):
    try:
        value = os.getenv(key)
    except Exception:  # a broken settings.toml must not stop the board from booting
        return None
    if value is None:
        return None
    return str(value).strip() or None


def write_key_pin():
    """The name of the pin to hold for write mode on this board, or None."""
    name = _setting("FARKLE_WRITE_KEY")
    if name is None and WRITE_KEYS.get(board.board_id, "").startswith("GP"):
        name = _setting(PICO_MENU_SETTING)
    return name or WRITE_KEYS.get(board.board_id)


def held(pin_name):
    """True if the key on ``pin_name`` (wired to GND, pulled up) is down right now."""
    pin = getattr(board, pin_name, None) if pin_name else None
    if pin is None:
        return False
    key = digitalio.DigitalInOut(pin)
    try:
        key.switch_to_input(pull=digitalio.Pull.UP)
        time.sleep(0.01)  # let the pull-up charge the line
        return not key.value
    finally:
        key.deinit()  # leave the pin free for keypad in code.py


def main():
    pin_name = write_key_pin()
    if held(pin_name):
        storage.remount("/", readonly=False)
        print("farkle: %s held, the game may write to the drive; the computer may not"
              % pin_name)
    else:
        print("farkle: drive writable by the computer (hold %s at power-up for saves)"
              % pin_name)
    try:
        import usb_midi

        usb_midi.disable()
    except ImportError:
        pass
    try:
        import usb_hid

        usb_hid.disable()
    except ImportError:
        pass
    try:
        import supervisor

        supervisor.set_usb_identification("Farkle", "Farkle Dice Tower")
    except (ImportError, AttributeError, RuntimeError, ValueError):
        pass


main()
