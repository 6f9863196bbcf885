"""collections as on CircuitPython: namedtuple, OrderedDict, deque; no defaultdict/Counter."""
__name__ = "collections"  # errors and repr() name the module the code imported
from ucollections import OrderedDict, deque, namedtuple  # noqa: F401
