import { readFile } from 'node:fs/promises';

export interface ProcessMemory {
  /** Resident set size now, bytes. */
  rss: number;
  /** Peak resident set size since the process started, bytes. */
  peakRss: number;
}

/** Reads VmRSS and VmHWM from /proc: the kernel's figures, which include PGlite's WebAssembly heap. */
export async function readProcessMemory(pid: number): Promise<ProcessMemory> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!match?.[1]) throw new Error(`no ${field} in /proc/${pid}/status`);
    return Number(match[1]) * 1024;
  };
  return { rss: kilobytes('VmRSS'), peakRss: kilobytes('VmHWM') };
}
