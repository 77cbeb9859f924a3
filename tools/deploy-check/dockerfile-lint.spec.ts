/**
 * docker/Dockerfile through dockerfile-utils' validator (the maintained linter behind the Dockerfile language
 * server) with every optional rule raised to an error: unknown instructions, bad flags, malformed JSON forms,
 * relative WORKDIRs, repeated ENTRYPOINT/HEALTHCHECK, casing, empty continuation lines.
 */
import { ValidationSeverity, type ValidatorSettings, validate } from 'dockerfile-utils';
import { read } from './workspace';

const STRICT: ValidatorSettings = {
  deprecatedMaintainer: ValidationSeverity.ERROR,
  directiveCasing: ValidationSeverity.ERROR,
  emptyContinuationLine: ValidationSeverity.ERROR,
  instructionCasing: ValidationSeverity.ERROR,
  instructionCmdMultiple: ValidationSeverity.ERROR,
  instructionEntrypointMultiple: ValidationSeverity.ERROR,
  instructionHealthcheckMultiple: ValidationSeverity.ERROR,
  instructionJSONInSingleQuotes: ValidationSeverity.ERROR,
  instructionWorkdirRelative: ValidationSeverity.ERROR,
};

const problems = (text: string) => validate(text, STRICT).map((d) => `line ${d.range.start.line + 1}: ${d.message}`);

describe('docker/Dockerfile lint (dockerfile-utils)', () => {
  it('reports no problem', () => {
    expect(problems(read('docker/Dockerfile'))).toEqual([]);
  });

  it('reports the problems it is meant to catch (guards the check above)', () => {
    const broken = ['FROM node:24.11.1-bookworm-slim', 'workdir app', 'COPY --form=build /a /b', 'ENTRYPOINT ["a"]', "ENTRYPOINT ['b']"].join('\n');
    // lower-case instruction, relative WORKDIR, unknown flag, two ENTRYPOINTs, single-quoted JSON
    expect(problems(broken)).toHaveLength(5);
  });
});
