"""Records every optional platform package in package-lock.json.

The registry mirror these machines use serves only the Linux builds of packages such as rollup, tailwind's
oxide and deno, so `npm install` leaves the other platforms' optional dependencies out of the lock file and
`npm ci` then refuses it as out of sync. This adds them back (version, os, cpu, libc only: npm skips them on
other platforms and fetches them by version where they exist). Run after changing dependencies:
`npm install && python3 scripts/complete-lockfile.py`.
"""
import json
import re

LOCK = 'package-lock.json'
OSES = [('darwin', 'darwin'), ('win32', 'win32'), ('android', 'android'), ('freebsd', 'freebsd'),
        ('openharmony', 'openharmony'), ('netbsd', 'netbsd'), ('openbsd', 'openbsd'), ('sunos', 'sunos'),
        ('aix', 'aix'), ('linux', 'linux')]
CPUS = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'wasm32']


def platform(name):
    short = name.split('/')[-1]
    entry = {}
    os_ = next((o for key, o in OSES if key in short), None)
    cpu = next((c for c in CPUS if re.search(r'(^|[-_])' + c + r'($|[-_])', short)), None)
    if os_:
        entry['os'] = [os_]
    if cpu:
        entry['cpu'] = [cpu]
    if os_ == 'linux':
        if 'musl' in short:
            entry['libc'] = ['musl']
        elif 'gnu' in short or 'glibc' in short:
            entry['libc'] = ['glibc']
    return entry


lock = json.load(open(LOCK))
packages = lock['packages']
added = 0
for key, meta in list(packages.items()):
    for dep, version in (meta.get('optionalDependencies') or {}).items():
        nested = f'{key}/node_modules/{dep}' if key else f'node_modules/{dep}'
        if nested in packages or f'node_modules/{dep}' in packages:
            continue
        packages[f'node_modules/{dep}'] = {'version': version.lstrip('^~'), 'optional': True, **platform(dep)}
        added += 1
with open(LOCK, 'w') as f:
    json.dump(lock, f, indent=2)
    f.write('\n')
print(f'added {added} optional platform packages to {LOCK}')
