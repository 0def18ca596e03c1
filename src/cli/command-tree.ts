import { Command } from 'commander';

import type { CliOutput } from './cli-output.js';

/*
 * Building blocks of the operator CLI's command tree (commander), shared by
 * the command files. Every command accepts extra arguments.
 */

/** A command of the CLI's tree (the program itself included), with the settings every command shares. */
export function cliCommand(name: string, description?: string): Command {
  const command = new Command(name).allowExcessArguments();
  return description === undefined ? command : command.description(description);
}

/**
 * Makes `program` and every command under it write to `output` and, instead of ending the process, throw commander's
 * `CommanderError` (with its `exitCode`: 0 after help, 1 for a usage error) once the message is written.
 */
export function writeTreeTo(program: Command, output: CliOutput): void {
  program
    .configureOutput({
      writeOut: (text) => output.out(text),
      writeErr: (text) => output.err(text),
      getOutHelpWidth: () => output.outColumns,
      getErrHelpWidth: () => output.errColumns,
    })
    .exitOverride();
  for (const command of program.commands) writeTreeTo(command, output);
}

/** A command group such as `apps`: run without a subcommand (or with an unknown one) it prints its help and exits 0. */
export function commandGroup(name: string, description: string): Command {
  const group = cliCommand(name, description);
  group.action(() => group.help());
  return group;
}

/** A subcommand `name [arguments]` of `group`; the caller adds options and its action. */
export function subcommand(group: Command, name: string, description: string, args: string[] = []): Command {
  const command = cliCommand(name, description);
  for (const argument of args) command.argument(argument);
  group.addCommand(command);
  return command;
}
