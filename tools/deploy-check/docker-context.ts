/**
 * The Docker build context as the builder sees it: the repository minus what .dockerignore excludes
 * (Docker's rules: patterns relative to the root, `*` and `?` stay within one path segment, `**` crosses
 * segments, a pattern matching a folder excludes all of it, `!` re-includes, the last matching rule wins).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, read } from './workspace';

interface Rule {
  negate: boolean;
  re: RegExp;
}

function patternToRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '*' && pattern[i + 1] === '*') {
      // `**/` matches zero or more folders; a trailing `**` matches everything below.
      if (pattern[i + 2] === '/') {
        re += '(?:.*/)?';
        i += 2;
      } else {
        re += '.*';
        i += 1;
      }
    } else if (ch === '*') re += '[^/]*';
    else if (ch === '?') re += '[^/]';
    else re += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

export function parseDockerignore(text: string): Rule[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const negate = l.startsWith('!');
      const pattern = (negate ? l.slice(1) : l).trim().replace(/^\/+/, '').replace(/\/+$/, '').replace(/^\.\//, '');
      return { negate, re: patternToRegExp(pattern) };
    });
}

/** True when .dockerignore leaves `path` (repository-relative, POSIX) out of the context. */
export function isIgnored(rules: Rule[], path: string): boolean {
  const segments = path.split('/');
  const candidates = segments.map((_, i) => segments.slice(0, i + 1).join('/'));
  let ignored = false;
  for (const rule of rules) if (candidates.some((c) => rule.re.test(c))) ignored = !rule.negate;
  return ignored;
}

/** Every file of the build context (repository-relative, POSIX paths). */
export function contextFiles(dockerignore = read('.dockerignore')): string[] {
  const rules = parseDockerignore(dockerignore);
  const canReinclude = rules.some((r) => r.negate && r.re.source.includes('/'));
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(join(ROOT, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        // An ignored folder can be skipped unless a `!` rule could bring back something inside it.
        if (e.name === '.git' || (isIgnored(rules, path) && !canReinclude)) continue;
        walk(path);
      } else if (e.isFile() && !isIgnored(rules, path)) {
        out.push(path);
      }
    }
  };
  walk('');
  return out.sort();
}
