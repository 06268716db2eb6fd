// The supervision of `make up`'s processes by PM2 (pm2 from the root devDependencies; docs/decisions.md
// "Supervision"). Used by infra/up.sh, infra/down.sh and `make status` as a command, and by the supervision test
// (test/e2e/supervision.spec.ts) as a module, so both run the processes under the same restart policy:
//
//   node infra/supervisor.js pm2 <pm2 arguments…>   any pm2 command on this project's own pm2 (PM2_HOME .run/pm2)
//   node infra/supervisor.js apps < lines           the pm2 ecosystem (JSON) of tab-separated lines
//                                                    <name> <cwd> <script> <log> [KEY=VALUE…]
//   node infra/supervisor.js status                 each process: state, pid, uptime, restarts
//   node infra/supervisor.js names                  "<name> <pid> <restarts>" a line for each process pm2 runs
//   node infra/supervisor.js daemon                 the pid of the pm2 daemon, nothing when none runs
//
// The pm2 daemon and every process it starts stay on this machine: no PM2 Plus agent (PM2_NO_INTERACTION), no version
// check (PM2_DISABLE_VERSION_CHECK: the daemon asks version.pm2.io once a day otherwise; PM2_DISCRETE_MODE: the CLI
// asks it at its first run in a PM2_HOME), no @pm2/io probe in the processes (pmx: false), no git metadata read of
// their folders (vizion: false), no host metrics (sysmonit off in module_conf.json: a `df` every 30 s).
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const PM2_BIN = path.join(ROOT, 'node_modules', 'pm2', 'bin', 'pm2');

/**
 * How pm2 brings a process back. A process that exits (crash, kill -9, exit code ≠ 0 or = 0) is started again after
 * 100 ms, then 150, 225 … ×1.5 up to 15 s while it keeps dying (exp_backoff_restart_delay; pm2 resets the delay to
 * 100 ms once the process has stayed up 30 s). pm2 gives up on a process (`errored`, never restarted again) after
 * max_restarts deaths within min_uptime of their start in its first min_uptime × max_restarts ms; with the back-off
 * capping retries at one per 15 s, giving up would only leave the product down after Postgres or NATS came back, so
 * max_restarts is a million: never, in practice (a start-up failure under `make up` is reported by make up itself).
 * Stopping: SIGTERM (PM2_KILL_SIGNAL), SIGKILL after 10 s, as before pm2.
 */
const RESTART_POLICY = {
  autorestart: true,
  exp_backoff_restart_delay: 100,
  min_uptime: 5000,
  max_restarts: 1_000_000,
  kill_timeout: 10000,
  treekill: true,
};

/** The environment of every pm2 command (and so of the daemon it starts): its home and no outside contact. */
function pm2Env(home) {
  return {
    PM2_HOME: home,
    PM2_DISABLE_VERSION_CHECK: 'true',
    PM2_NO_INTERACTION: 'true',
    PM2_DISCRETE_MODE: 'true',
    PM2_KILL_SIGNAL: 'SIGTERM',
  };
}

/** Makes `home` ready for a daemon: the folder, and host metrics off (pm2's sysmonit runs `df` every 30 s). */
function prepareHome(home) {
  fs.mkdirSync(home, { recursive: true });
  const conf = path.join(home, 'module_conf.json');
  if (!fs.existsSync(conf)) fs.writeFileSync(conf, JSON.stringify({ pm2: { sysmonit: 'false' } }));
}

/**
 * One process of the ecosystem: `script` run by node with `nodeArgs` in `cwd`, stdout and stderr both appended to
 * `log`, `env` over the environment of the pm2 command that starts it. pm2 hands each process its own pm2_env as
 * environment variables besides: `restart_time` is the restart count the process reports as app_process_restarts.
 */
function appConfig({ name, cwd, script, log, env = {}, nodeArgs = [] }) {
  return {
    name,
    cwd,
    script,
    node_args: nodeArgs,
    exec_mode: 'fork',
    instances: 1,
    env,
    log_file: log,
    out_file: '/dev/null',
    error_file: '/dev/null',
    merge_logs: true,
    pmx: false,
    vizion: false,
    automation: false,
    watch: false,
    ...RESTART_POLICY,
  };
}

/** The Node/V8 flags of the product's processes (infra/node-flags), one per line there. */
function nodeFlags() {
  return fs
    .readFileSync(path.join(ROOT, 'infra', 'node-flags'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

/** Runs pm2 with `args` on the daemon of `home`; its output is returned (`inherit`: printed). */
function pm2(home, args, { inherit = false } = {}) {
  const r = spawnSync(process.execPath, [PM2_BIN, ...args], {
    env: { ...process.env, ...pm2Env(home) },
    encoding: 'utf8',
    stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  return { status: r.status ?? 1, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** The pid of the pm2 daemon of `home` when it runs (its pid file, and the process is still pm2's), else 0. */
function daemonPid(home) {
  try {
    const pid = Number(fs.readFileSync(path.join(home, 'pm2.pid'), 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 0) return 0;
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return /PM2|pm2/.test(cmdline) ? pid : 0;
  } catch {
    return 0;
  }
}

/** Every process of the daemon of `home` (pm2 jlist), [] when no daemon runs: never starts one. */
function list(home) {
  if (!daemonPid(home)) return [];
  const r = pm2(home, ['jlist']);
  if (r.status !== 0) throw new Error(`pm2 jlist failed: ${r.stderr || r.stdout}`);
  // pm2 may print a line of its own before the JSON
  const start = r.stdout.indexOf('[');
  const procs = JSON.parse(start >= 0 ? r.stdout.slice(start) : '[]');
  return procs.map((p) => ({
    name: p.name,
    pid: (p.pm2_env.status === 'online' && p.pid) || 0, // pm2 keeps the last pid of a process waiting to restart
    state: p.pm2_env.status,
    restarts: p.pm2_env.restart_time || 0,
    unstable: p.pm2_env.unstable_restarts || 0,
    uptime: p.pm2_env.status === 'online' ? Date.now() - p.pm2_env.pm_uptime : 0,
  }));
}

function duration(ms) {
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  if (s < 86400) return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
  return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
}

/** `make status`: one line a process. */
function status(home) {
  const procs = list(home);
  if (procs.length === 0) {
    console.log('  nothing runs (make up starts it)');
    return;
  }
  const rows = [['process', 'state', 'pid', 'uptime', 'restarts'], ...procs.map((p) => [p.name, p.state, p.pid ? String(p.pid) : '-', p.uptime ? duration(p.uptime) : '-', String(p.restarts)])];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log(`  ${r.map((c, i) => c.padEnd(widths[i])).join('  ')}`.trimEnd());
  console.log(`  supervised by pm2 (restarts: .run/logs/pm2.log; node infra/supervisor.js pm2 <command> for more)`);
}

/** The ecosystem of `make up` from tab-separated lines: name, cwd, script, log, then KEY=VALUE environment entries. */
function appsFromLines(text) {
  const nodeArgs = nodeFlags();
  const apps = text
    .split('\n')
    .filter((l) => l.trim())
    .map((line) => {
      const [name, cwd, script, log, ...pairs] = line.split('\t');
      const env = Object.fromEntries(pairs.filter(Boolean).map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
      return appConfig({ name, cwd, script, log, env, nodeArgs: name === 'maildev' ? [] : nodeArgs });
    });
  return { apps };
}

module.exports = { ROOT, PM2_BIN, RESTART_POLICY, pm2Env, prepareHome, appConfig, nodeFlags, pm2, daemonPid, list };

if (require.main === module) {
  const home = process.env.SUPERVISOR_HOME || path.join(ROOT, '.run', 'pm2');
  const [cmd, ...rest] = process.argv.slice(2);
  if (cmd === 'pm2') {
    prepareHome(home);
    process.exit(pm2(home, rest, { inherit: true }).status);
  } else if (cmd === 'apps') {
    process.stdout.write(`${JSON.stringify(appsFromLines(fs.readFileSync(0, 'utf8')), null, 2)}\n`);
  } else if (cmd === 'status') {
    status(home);
  } else if (cmd === 'names') {
    process.stdout.write(list(home).map((p) => `${p.name} ${p.pid} ${p.restarts}`).join('\n'));
  } else if (cmd === 'daemon') {
    process.stdout.write(String(daemonPid(home) || ''));
  } else {
    console.error('usage: node infra/supervisor.js pm2 <args…> | apps | status | names | daemon');
    process.exit(2);
  }
}
