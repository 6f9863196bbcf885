# Two commands on a fresh machine: `make sim` (the gadget in the simulator) and `make test`.
# Both install what they need first into .venv; the tests also need CircuitPython's core
# (tools/cpcore.py finds it; `make circuitpython` builds it).
PY := .venv/bin/python
STAMP := .venv/.installed

.PHONY: sim test bench deploy board-check circuitpython circuitpython-debug circuitpython-timing circuitpython-oom clean

sim: $(STAMP)
	$(PY) code.py

test: $(STAMP)
	$(PY) -m pytest -q tests

$(STAMP): requirements.txt requirements-sim.txt
	python3 -m venv .venv
	$(PY) -m pip install -q -r requirements.txt
	touch $@

# CircuitPython's core for the tests, from CIRCUITPYTHON_SRC (see tools/build_circuitpython.sh).
circuitpython:
	sh tools/build_circuitpython.sh build/circuitpython/bin

# The same core with its symbols, for tools/board_gdb.py (the shared source tarball by default).
circuitpython-debug:
	CIRCUITPYTHON_SRC=$${CIRCUITPYTHON_SRC:-$$(ls ../shared/circuitpython/circuitpython-*-min-src.tar.gz)} \
	    UNSTRIPPED=1 sh tools/build_circuitpython.sh build/circuitpython-debug/bin

# The core tools/board_time.py times on: without threads or -fPIE (a board pays for neither),
# counting the names it compares when it looks one up and the collector's work.
circuitpython-timing:
	CIRCUITPYTHON_SRC=$${CIRCUITPYTHON_SRC:-$$(ls ../shared/circuitpython/circuitpython-*-min-src.tar.gz)} \
	    QSTR_WALK=1 sh tools/build_circuitpython.sh build/circuitpython-timing/bin

# The same core telling where each allocation its heap could not make came from, for
# tools/board_oom.py.
circuitpython-oom:
	CIRCUITPYTHON_SRC=$${CIRCUITPYTHON_SRC:-$$(ls ../shared/circuitpython/circuitpython-*-min-src.tar.gz)} \
	    OOM_TRACE=1 sh tools/build_circuitpython.sh build/circuitpython-oom/bin

board-check: $(STAMP)
	$(PY) tools/board_check.py

deploy: $(STAMP)
	$(PY) tools/deploy.py $(if $(BOARD),--board $(BOARD)) $(if $(DRIVE),--drive $(DRIVE))

clean:
	rm -rf .venv build
