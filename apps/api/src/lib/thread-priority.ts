// Background work in a worker thread yields the core to the event loop: on Linux the nice value belongs to each
// thread (setpriority(2), NOTES), so a worker raises its own, found through /proc/thread-self. Elsewhere the value
// would be the whole process's, so nothing is changed there.
import fs from 'node:fs';
import os from 'node:os';

/** Raises the calling thread's nice value to `nice` (0–19; higher yields more); true when it was changed. */
export function lowerThreadPriority(nice: number): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid === process.pid) return false;
    os.setPriority(tid, nice);
    return true;
  } catch {
    // No /proc mounted (a locked-down container): the thread keeps the process's priority.
    return false;
  }
}
