"""The `kociemba` PyPI package (Kociemba's two-phase algorithm in C, by
M. Muodov) behind a command line, one position per process, for
`permlab bench solve --cold --peers`:

    python kociemba_runner.py FACELETS MAX_LENGTH

prints the solution (moves separated by spaces) on the first line and the seconds
spent in `kociemba.solve` on the second; exit code 1 with the package's message
on stderr when it refuses the position or finds no solution within MAX_LENGTH.
"""

import sys
import time


def main(argv):
    if len(argv) != 3:
        print("usage: kociemba_runner.py FACELETS MAX_LENGTH", file=sys.stderr)
        return 1
    import kociemba

    facelets, max_length = argv[1], int(argv[2])
    start = time.perf_counter()
    try:
        solution = kociemba.solve(facelets, max_depth=max_length)
    except ValueError as e:
        print(f"kociemba_runner: {e}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - start
    print(" ".join(solution.split()))
    print(seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
