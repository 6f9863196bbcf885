# Two commands on a fresh machine: `make sim` (the gadget in the simulator) and `make test`.
# Both install what they need first into .venv; the tests also need CircuitPython's core
# (tools/cpcore.py finds it; `make circuitpython` builds it).
PY := .venv/bin/python
STAMP := .venv/.installed

.PHONY: sim test bench deploy board-check circuitpython circuitpython-board circuitpython-debug circuitpython-timing circuitpython-oom clean
# the shared source tarball beside the clone, unless CIRCUITPYTHON_SRC names a source
SHARED_SRC := CIRCUITPYTHON_SRC=$${CIRCUITPYTHON_SRC:-$$(ls ../shared/circuitpython/circuitpython-*-min-src.tar.gz)}
BOARD_CORE := build/circuitpython-board/bin/circuitpython

sim: $(STAMP)
	$(PY) code.py

test: $(STAMP) $(BOARD_CORE)
	$(PY) -m pytest -q tests

$(STAMP): requirements.txt requirements-sim.txt
	python3 -m venv .venv
	$(PY) -m pip install -q -r requirements.txt
	touch $@

# CircuitPython's core for the tests, from CIRCUITPYTHON_SRC (see tools/build_circuitpython.sh).
circuitpython:
	sh tools/build_circuitpython.sh build/circuitpython/bin

# The core the board check plays the firmware on (tools/board_check.py): built like the others,
# a board's pystack included, which the shared core lacks; built once, by `make test` too.
$(BOARD_CORE): tools/build_circuitpython.sh tools/core-pystack.patch
	$(SHARED_SRC) sh tools/build_circuitpython.sh build/circuitpython-board/bin

circuitpython-board: $(BOARD_CORE)

# The same core with its symbols, for tools/board_gdb.py (the shared source tarball by default).
circuitpython-debug:
	$(SHARED_SRC) UNSTRIPPED=1 sh tools/build_circuitpython.sh build/circuitpython-debug/bin

# The core tools/board_time.py times on: without threads or -fPIE (a board pays for neither),
# counting the names it compares when it looks one up and the collector's work.
circuitpython-timing:
	$(SHARED_SRC) QSTR_WALK=1 sh tools/build_circuitpython.sh build/circuitpython-timing/bin

# The same core telling where each allocation its heap could not make came from, for
# tools/board_oom.py.
circuitpython-oom:
	$(SHARED_SRC) OOM_TRACE=1 sh tools/build_circuitpython.sh build/circuitpython-oom/bin

board-check: $(STAMP) $(BOARD_CORE)
	$(PY) tools/board_check.py

deploy: $(STAMP)
	$(PY) tools/deploy.py $(if $(BOARD),--board $(BOARD)) $(if $(DRIVE),--drive $(DRIVE))

clean:
	rm -rf .venv build
