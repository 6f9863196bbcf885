"""tools/make_policies.py --check and tools/plot_policy.py run and do what they say."""
import json
import pathlib
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parents[1]


def test_make_policies_check_finds_the_shipped_files_current():
    proc = subprocess.run([sys.executable, str(REPO / "tools" / "make_policies.py"), "--check"],
                          capture_output=True, text=True, cwd=REPO, timeout=300)
    assert proc.returncode == 0, proc.stderr
    sizes = json.loads(proc.stdout)
    assert all(v["policy_bytes"] <= 2048 for v in sizes.values())


def test_plot_policy_writes_a_png(tmp_path):
    bench = tmp_path / "bench.json"
    bench.write_text(json.dumps({"win_rates": [{
        "rules": "classic", "games": 100, "seats": [
            {"level": "normal", "win_rate": 0.6, "win_ci95": [0.5, 0.69]},
            {"level": "easy", "win_rate": 0.4, "win_ci95": [0.31, 0.5]}]}]}))
    out = tmp_path / "p.png"
    proc = subprocess.run([sys.executable, str(REPO / "tools" / "plot_policy.py"), "--bench", str(bench),
                           "--out", str(out)], capture_output=True, text=True, cwd=REPO, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
