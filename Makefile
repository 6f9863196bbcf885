# Two commands on a fresh machine: `make sim` (the gadget in the simulator) and `make test`.
# Both install what they need first into .venv and node_modules.
PY := .venv/bin/python
STAMP := .venv/.installed

.PHONY: sim test bench deploy clean

sim: $(STAMP)
	$(PY) code.py

test: $(STAMP) node_modules/.installed
	$(PY) -m pytest -q tests

$(STAMP): requirements.txt requirements-sim.txt
	python3 -m venv .venv
	$(PY) -m pip install -q -r requirements.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

deploy: $(STAMP)
	$(PY) tools/deploy.py $(if $(DRIVE),--drive $(DRIVE))

clean:
	rm -rf .venv node_modules build
