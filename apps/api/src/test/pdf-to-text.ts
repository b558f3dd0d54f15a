// Test support: a PDF read back as text with pdftotext (poppler), runs of spaces made one, for papers' tests.
import { execFile } from 'node:child_process';

export function pdfToText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], (err, stdout) =>
      err ? reject(err) : resolve(stdout.replace(/[ \t]+/g, ' ')),
    );
    child.stdin!.end(pdf);
  });
}
