// Writing files by the thousand (pages, media bodies). `fs.promises.writeFile` opens a FileHandle and
// goes through several promise round trips per file; the callback form does open, write and close
// in C++. Measured here, 20,000 files of 6 KB with 32 at a time: 0.87–0.92 s and 0.55 s of main
// thread with the promise API, 0.39–0.42 s and 0.19–0.23 s with the callback one.
import { writeFile as writeFileWithCallback } from 'node:fs';
import { promisify } from 'node:util';

/** `fs.promises.writeFile` for bodies already in memory, at less than half the cost a file. */
export const writeFile = promisify(writeFileWithCallback);
