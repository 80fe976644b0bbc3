import type { TaskProblem } from "../../../app/lib/judge-protocol";
import { InvalidTaskError } from "../compile";
import type { CopyInFile, SandboxFile } from "../sandbox";

// How the user's program gets its input and gives its output: standard streams, or (file IO
// problems) a file it reads and a file it writes beside it.

export interface IoPlan {
  files: SandboxFile[];
  copyIn: Record<string, CopyInFile>;
  copyOutCached: string[];
  copyOutMax?: number;
  /** Name of the output in the result's fileIds. */
  output: string;
}

export interface UserIo {
  plan(input: CopyInFile, outputLimit: number, stderrMax: number): IoPlan;
}

export const standardIo: UserIo = {
  plan: (input, outputLimit, stderrMax) => ({
    files: [input, { name: "stdout", max: outputLimit, pipe: true }, { name: "stderr", max: stderrMax, pipe: true }],
    copyIn: {},
    copyOutCached: ["stdout"],
    output: "stdout",
  }),
};

export function fileIo(readName: string, writeName: string): UserIo {
  return {
    plan: (input, outputLimit, stderrMax) => ({
      files: [{ content: "" }, { name: "stdout", max: stderrMax, pipe: true }, { name: "stderr", max: stderrMax, pipe: true }],
      copyIn: { [readName]: input },
      // A program that writes no output file has simply printed nothing.
      copyOutCached: [`${writeName}?`],
      copyOutMax: outputLimit,
      output: writeName,
    }),
  };
}

const FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;

/** How the program's input and output travel; `taken` are names already beside the program. */
export function userIo(problem: Pick<TaskProblem, "isFileIO" | "ioReadFileName" | "ioWriteFileName">, taken: string[] = []): UserIo {
  if (!problem.isFileIO) return standardIo;
  const read = problem.ioReadFileName || "input.txt";
  const write = problem.ioWriteFileName || "output.txt";
  for (const n of [read, write]) {
    if (!FILE_NAME.test(n) || n.includes("..")) throw new InvalidTaskError(`invalid file IO name ${JSON.stringify(n)}`);
    if (taken.includes(n)) throw new InvalidTaskError(`file IO name ${n} would replace a file of the program`);
  }
  return fileIo(read, write);
}
