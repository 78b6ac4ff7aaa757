// How bench/http/run.ts reads a server's CPU time: each server process of the HTTP benchmark calls reportCpuOnSignal.

/**
 * On every SIGUSR2, prints `CPU <user µs> <system µs>` on stdout: the CPU time this process has used so far
 * (process.cpuUsage, microseconds; system time is the kernel's work for the process, socket writes included).
 */
export function reportCpuOnSignal() {
  process.on('SIGUSR2', () => {
    const { user, system } = process.cpuUsage();
    process.stdout.write(`CPU ${user} ${system}\n`);
  });
}
