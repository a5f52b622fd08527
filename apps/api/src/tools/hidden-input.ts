// A line typed at the terminal without echo, as `passwd` and `sudo` read passwords.
import { ToolError } from './database-tool';

const ENTER = new Set(['\r', '\n']);
const BACKSPACE = new Set(['\x7f', '\b']);
const CTRL_C = '\x03';
const CTRL_D = '\x04';

/** Shows `prompt` on stderr (stdout stays the command's output) and reads one line with echo off. */
export function readHiddenLine(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let line = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(line);
    };
    const onData = (chunk: string) => {
      for (const key of chunk) {
        if (ENTER.has(key) || key === CTRL_D) return finish();
        if (key === CTRL_C) return finish(new ToolError('Interrupted; nothing changed.'));
        line = BACKSPACE.has(key) ? line.slice(0, -1) : line + key;
      }
    };
    input.on('data', onData);
  });
}
