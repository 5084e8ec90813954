#!/usr/bin/env python3
"""Checks the package's module graph against the code: every module a target imports is declared as its
dependency, and every declared dependency is imported by at least one of its files. With --dot, prints the
graph of the project's own modules instead.

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
    if "--dot" in sys.argv:
        print("digraph Assist {")
        for source, target in edges:
            print(f'  "{source}" -> "{target}";')
        print("}")
        return 0
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
