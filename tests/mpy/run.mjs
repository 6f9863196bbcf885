#!/usr/bin/env node
// Run one Python script under real MicroPython 1.27 (the pinned npm package
// @micropython/micropython-webassembly-pyscript), laid out like a CIRCUITPY
// drive, with imports restricted to what CircuitPython 10 has.
//
// Usage: node tests/mpy/run.mjs [options] SCRIPT.py|-        (- reads stdin)
//   --mount DIR   copy host DIR to /<basename of DIR> (e.g. farkle -> /farkle);
//                 "/" is the cwd, so `import farkle` works as on the board
//   --lib DIR     copy the contents of host DIR into /lib (on sys.path, like
//                 CIRCUITPY/lib): fakes for board, digitalio, ...
//   --hide NAME   also hide module NAME, or delete attribute "mod.attr"
//                 (e.g. --hide os.urandom)
//   --heap SIZE   initial GC heap, bytes or 192K / 1M (default $MPY_HEAP or 192K)
//   --mem         after a clean run, collect garbage and print
//                 "mpy-mem retained=<bytes>" to stderr
// Exit status: 0 ok; 1 uncaught exception (traceback on stderr); n for
// sys.exit(n); 2 bad usage or missing npm install.
//
// What is hidden and why: tests/mpy/stubs/_circuitpy.py (its docstring).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const STUBS = path.join(HERE, "stubs");
const PACKAGE = "@micropython/micropython-webassembly-pyscript";

function usage(msg) {
  process.stderr.write(`run.mjs: ${msg}\n`);
  process.exit(2);
}

function parseSize(text) {
  const m = /^(\d+)([kKmM]?)$/.exec(String(text));
  if (!m) usage(`bad heap size ${text}`);
  return Number(m[1]) * { "": 1, k: 1024, m: 1024 * 1024 }[m[2].toLowerCase()];
}

function parseArgs(argv) {
  const opts = { mounts: [], libs: [], hide: [], mem: false, script: null,
                 heap: parseSize(process.env.MPY_HEAP || "192K") };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => (i + 1 < argv.length ? argv[++i] : usage(`${a} needs a value`));
    if (a === "--mount") opts.mounts.push(value());
    else if (a === "--lib") opts.libs.push(value());
    else if (a === "--hide") opts.hide.push(value());
    else if (a === "--heap") opts.heap = parseSize(value());
    else if (a === "--mem") opts.mem = true;
    else if (a.startsWith("--")) usage(`unknown option ${a}`);
    else if (opts.script === null) opts.script = a;
    else usage(`unexpected argument ${a}`);
  }
  if (opts.script === null) usage("no script given");
  return opts;
}

// Copy a host directory tree into the MicroPython VFS (skips dotfiles, __pycache__).
function copyTree(FS, src, dest) {
  if (!fs.statSync(src, { throwIfNoEntry: false })?.isDirectory()) usage(`not a directory: ${src}`);
  FS.mkdirTree(dest);
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || entry.name === "__pycache__") continue;
    const from = path.join(src, entry.name);
    const to = `${dest}/${entry.name}`;
    if (entry.isDirectory()) copyTree(FS, from, to);
    else if (entry.isFile()) FS.writeFile(to, fs.readFileSync(from));
  }
}

// MicroPython hands output over one byte at a time; pass it on per line.
function byteSink(stream) {
  let buf = [];
  const flush = () => {
    if (buf.length) stream.write(Buffer.from(buf));
    buf = [];
  };
  const write = (bytes) => {
    for (const b of bytes) {
      buf.push(b);
      if (b === 10) flush();
    }
  };
  return { write, flush };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  let loadMicroPython;
  try {
    ({ loadMicroPython } = await import(PACKAGE));
  } catch (e) {
    usage(`cannot load ${PACKAGE} (${e.code || e.message}); run \`npm ci\` in the repo root`);
  }
  const out = byteSink(process.stdout);
  const err = byteSink(process.stderr);
  const mp = await loadMicroPython({
    heapsize: opts.heap, linebuffer: false, stdout: out.write, stderr: err.write,
  });

  copyTree(mp.FS, STUBS, "/tmp/_cpy");
  for (const dir of opts.mounts) copyTree(mp.FS, dir, `/${path.basename(path.resolve(dir))}`);
  for (const dir of opts.libs) copyTree(mp.FS, dir, "/lib");

  // Tracebacks name the script by its host path, so it is copied there.
  let scriptPath = "/tmp/stdin.py";
  if (opts.script === "-") mp.FS.writeFile(scriptPath, fs.readFileSync(0));
  else {
    scriptPath = path.resolve(opts.script);
    mp.FS.mkdirTree(path.dirname(scriptPath));
    mp.FS.writeFile(scriptPath, fs.readFileSync(scriptPath));
  }

  let status = 0;
  try {
    mp.runPython(
      "import sys\nsys.path.insert(0, '/tmp/_cpy')\nimport _circuitpy\n" +
      `_circuitpy.install(${JSON.stringify(opts.hide)})\n` +
      "sys.path.pop(0)\ndel sys, _circuitpy\n");
    mp.runPython(`execfile(${JSON.stringify(scriptPath)})`);
  } catch (e) {
    if (e.name !== "PythonError") throw e;
    status = e.type === "SystemExit" ? exitStatus(e) : 1;
    if (e.type !== "SystemExit") err.write(Buffer.from(e.message));
  }
  if (opts.mem && status === 0) {
    // This build only collects garbage when control returns to JS (never
    // mid-script), so the retained heap is measurable only out here.
    mp.runPython("import gc\ngc.collect()");
    const retained = mp.pyimport("gc").mem_alloc();
    err.write(Buffer.from(`mpy-mem retained=${retained}\n`));
  }
  out.flush();
  err.flush();
  process.exitCode = status;
}

// As CPython: sys.exit(n) -> n; sys.exit() / sys.exit(None) -> 0;
// sys.exit("msg") -> msg on stderr, 1. Only the traceback text reaches JS.
function exitStatus(error) {
  const arg = /SystemExit: (.*)\n?$/.exec(error.message)?.[1] ?? "";
  if (arg === "" || arg === "None" || arg === "False") return 0;
  if (arg === "True") return 1;
  if (/^-?\d+$/.test(arg)) return Number(arg) & 0xff;
  process.stderr.write(`${arg}\n`);
  return 1;
}

await main();
