// `npm run dev`: the Vite dev server (http://localhost:5173, proxying /api to :3001) and the API under
// `tsx watch` on :3001, with prefixed output. Ctrl-C, or either process ending, stops both.
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { root } from "./lib/build.mjs";

const bin = (name) =>
  path.join(root, "node_modules/.bin", process.platform === "win32" ? `${name}.cmd` : name);
const colour = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (colour ? `\x1b[${code}m${text}\x1b[0m` : text);

const services = [
  {
    name: "api",
    prefix: paint("36", "[api]"),
    command: bin("tsx"),
    args: ["watch", "--clear-screen=false", "apps/api/src/server.ts"],
    cwd: root,
    env: { PORT: "3001", PUBLIC_URL: "http://localhost:5173" },
  },
  {
    name: "web",
    prefix: paint("35", "[web]"),
    command: bin("vite"),
    args: ["--port", "5173", "--strictPort"],
    cwd: path.join(root, "apps/web"),
    env: {},
  },
];

let stopping = false;
let exitCode = 0;
const running = new Set();

function pipe(stream, prefix, out) {
  readline.createInterface({ input: stream }).on("line", (line) => out.write(`${prefix} ${line}\n`));
}

for (const service of services) {
  const child = spawn(service.command, service.args, {
    cwd: service.cwd,
    env: { ...process.env, ...(colour ? { FORCE_COLOR: "1" } : {}), ...service.env },
    stdio: ["ignore", "pipe", "pipe"],
    // Own process group, so stopping kills tsx's and vite's children too.
    detached: process.platform !== "win32",
  });
  running.add(child);
  pipe(child.stdout, service.prefix, process.stdout);
  pipe(child.stderr, service.prefix, process.stderr);
  child.on("error", (error) => {
    console.error(`${service.prefix} no se pudo iniciar: ${error.message}`);
    exitCode = 1;
    stop();
  });
  child.on("exit", (code, signal) => {
    running.delete(child);
    if (!stopping) {
      console.error(`${service.prefix} terminó (${signal ?? `código ${code}`}); deteniendo el resto.`);
      exitCode = code || 1;
      stop();
    }
    if (running.size === 0) process.exit(exitCode);
  });
}

function kill(child, signal) {
  try {
    if (process.platform === "win32") child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function stop() {
  if (stopping) return;
  stopping = true;
  for (const child of running) kill(child, "SIGTERM");
  // Anything still alive after 5 s is killed outright.
  setTimeout(() => {
    for (const child of running) kill(child, "SIGKILL");
    process.exit(exitCode);
  }, 5_000).unref();
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, stop);
console.log(
  `${paint("1", "Rifazo dev")}: web http://localhost:5173 (proxy /api -> :3001), API http://localhost:3001`,
);
