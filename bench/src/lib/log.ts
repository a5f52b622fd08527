/** Progress goes to stderr so that stdout carries only the tables. */
export function step(message: string): void {
  const time = new Date().toISOString().slice(11, 19);
  process.stderr.write(`[bench ${time}] ${message}\n`);
}
