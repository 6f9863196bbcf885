"""Fake supervisor: records set_usb_identification()."""

usb_identification = None


def set_usb_identification(manufacturer=None, product=None, vid=None, pid=None):
    global usb_identification
    usb_identification = (manufacturer, product)
