// Writing files by the thousand (pages, media bodies). `fs.promises.writeFile` opens a FileHandle and
// goes through several promise round trips per file; the callback form does open, write and close
// in C++, at about half the cost (docs/benchmarks.md).
import { writeFile as writeFileWithCallback } from 'node:fs';
import { promisify } from 'node:util';

/** `fs.promises.writeFile` for bodies already in memory, at less than half the cost a file. */
export const writeFile = promisify(writeFileWithCallback);
