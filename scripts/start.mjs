// `npm start`: build when the output is missing or older than the sources, then run the bundled server.
// The server is a child in our process group: Ctrl-C reaches it directly, other signals are forwarded,
// and its exit code (or the signal that ended it) becomes ours.
import { spawn } from "node:child_process";
import { ensureBuilt, root, serverEntry } from "./lib/build.mjs";

ensureBuilt();

const env = { ...process.env, PORT: process.env.PORT || "3000" };
const child = spawn(process.execPath, ["--enable-source-maps", serverEntry], {
  cwd: root,
  env,
  stdio: "inherit",
});

const forwarded = ["SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT"];
for (const signal of forwarded) {
  process.on(signal, () => {
    // A terminal Ctrl-C already went to the whole group; forwarding again is harmless (the server
    // ignores a second signal while it shuts down) and covers `kill <pid of npm start>`.
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on("error", (error) => {
  console.error(`rifazo: no se pudo iniciar el servidor: ${error.message}`);
  process.exit(1);
});

child.on("exit", (code, signal) => {
  if (signal) {
    // Die of the same signal so a supervisor sees the real cause.
    for (const s of forwarded) process.removeAllListeners(s);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
