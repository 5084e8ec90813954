#!/usr/bin/env python3
"""Checks the package's module graph against the code: every module a target imports is declared as its
dependency, and every declared dependency is imported by at least one of its files; and tools/fuzz.sh's own table of
module dependencies (it builds the fuzz targets with swiftc, outside SwiftPM) says what Package.swift says, for every
module a fuzz target links. With --dot, prints the graph of the project's own modules instead.

Reads the targets from `swift package dump-package`, the imports from the sources (`import X`,
`@testable import X`, `public import X`, `internal import X`). Modules of the toolchain (Foundation,
Synchronization, Testing, Glibc, ...) are not dependencies and are ignored. Exit 1 on any mismatch.
"""
import json, os, re, subprocess, sys

TOOLCHAIN = {"Foundation", "FoundationEssentials", "Synchronization", "Testing", "XCTest", "Glibc", "Dispatch", "Darwin",
             "PackageDescription", "os", "FoundationModels", "_Concurrency", "Observation", "FoundationNetworking",
             "CryptoKit", "DeviceCheck"}
IMPORT = re.compile(r"^\s*(?:@testable\s+|@_implementationOnly\s+)?(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:struct\s+|class\s+|enum\s+|func\s+|protocol\s+)?([A-Za-z_][A-Za-z0-9_]*)", re.M)


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    package = json.loads(subprocess.check_output(["swift", "package", "dump-package"], cwd=root))
    problems, edges = [], []
    for target in package["targets"]:
        if target["type"] == "system":
            continue
        name = target["name"]
        default = "Tests" if target["type"] == "test" else "Sources"
        path = os.path.join(root, target.get("path") or os.path.join(default, name))
        declared = set()
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "target", "product"):
                if kind in dependency:
                    declared.add(dependency[kind][0])
        imported = set()
        for folder, _, files in os.walk(path):
            for file in files:
                if file.endswith(".swift"):
                    with open(os.path.join(folder, file), encoding="utf-8") as handle:
                        # Text inside multi-line string literals (a Python oracle's source, say) is not an import.
                        imported.update(IMPORT.findall(re.sub(r'"""(?s:.*?)"""', "", handle.read())))
        imported -= TOOLCHAIN
        imported.discard(name)
        for missing in sorted(imported - declared):
            problems.append(f"{name} imports {missing} without declaring it")
        for unused in sorted(declared - imported):
            problems.append(f"{name} declares {unused} but no file imports it")
        edges += [(name, dependency) for dependency in sorted(declared)]
    problems += fuzz_table_problems(root, package)
    if "--dot" in sys.argv:
        print("digraph Assist {")
        for source, target in edges:
            print(f'  "{source}" -> "{target}";')
        print("}")
        return 0
    for problem in problems:
        print(problem)
    return 1 if problems else 0


def fuzz_table_problems(root, package):
    """tools/fuzz.sh's `module_deps` against Package.swift: the Swift modules each links, from every module a fuzz
    target imports, onwards. A module the table leaves out is taken to need none."""
    system = {t["name"] for t in package["targets"] if t["type"] == "system"}
    declared = {}
    for target in package["targets"]:
        deps = set()
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "target", "product"):
                if kind in dependency:
                    deps.add(dependency[kind][0])
        declared[target["name"]] = deps - system
    with open(os.path.join(root, "tools", "fuzz.sh"), encoding="utf-8") as handle:
        script = handle.read()
    body = re.search(r"^module_deps\(\) \{(.*?)\}$", script, re.M | re.S).group(1)
    table = {m: set(deps.split()) for m, deps in re.findall(r"(\w+)\) echo([^;]*);;", body) if m != "*"}
    roots = set(re.findall(r"echo (Assist\w+)", re.search(r"^target_module\(\) \{(.*?)\}$", script, re.M | re.S).group(1)))
    problems, seen, queue = [], set(), sorted(roots)
    while queue:
        module = queue.pop()
        if module in seen:
            continue
        seen.add(module)
        wanted, listed = declared.get(module, set()), table.get(module, set())
        if wanted != listed:
            problems.append(f"tools/fuzz.sh's module_deps gives {module} {sorted(listed)}; Package.swift gives {sorted(wanted)}")
        queue += sorted(wanted)
    return problems


if __name__ == "__main__":
    sys.exit(main())
