#!/bin/sh
# SPDX-License-Identifier: MIT
# dlx-mpi on loopback (the end of make check; make check-mpi alone): the
# counts of known problems with 3 and 4 ranks equal the known ones (N-queens
# OEIS A000170; Langford pairings OEIS A014552, doubled: a pairing and its
# reversal; pentominoes 3x20 8 and 5x12 4040, each packing once per symmetry
# of the board), and the figures of --stats (solutions, nodes, updates, max
# level) equal those of one `dlx` search of the same file. A small
# --split-nodes makes the workers split often, so the pieces given back are
# exercised, not only the first split. Then the checkpoint: a run cut off at
# any byte of its checkpoint, a run stopped by SIGTERM and a run whose worker
# was killed each resume to the same total. Runs from the top of the
# repository; BUILD names the build.
BUILD=${BUILD:-build}
BIN=$(cd "$BUILD/bin" && pwd) || exit 1
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
GEN="$ROOT/tests/data/dlx/gen.sh"
DLX="$BIN/dlx"
MPI_DLX="$BIN/dlx-mpi"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# Open MPI refuses root without this; --oversubscribe: more ranks than cores.
# The ob1 messaging layer (shared memory on one machine) starts in about
# 0.35 s where letting Open MPI probe for UCX takes 0.55 s (measured here, Open
# MPI 4.1.4, 6 starts of -np 3 each): the tests start mpirun some 50 times.
OMPI_MCA_pml=${OMPI_MCA_pml:-ob1} && export OMPI_MCA_pml
run_as=
[ "$(id -u)" = 0 ] && run_as=--allow-run-as-root
mpi() { # mpi NP ARGS...: dlx-mpi on NP ranks
    np=$1
    shift
    # shellcheck disable=SC2086
    mpirun $run_as --oversubscribe $MPI_EXTRA -np "$np" "$MPI_DLX" "$@"
}
MPI_EXTRA=

# Open MPI is installed but mpirun cannot start processes here (no usable
# network interface for its daemons, a locked-down container): a tool that
# does not work, not a failure of dlx-mpi, so say what mpirun said and skip.
# (Only the start is probed, with a program that is not ours: once started,
# anything dlx-mpi does wrong is a failure.)
# shellcheck disable=SC2086
if ! mpirun $run_as --oversubscribe -np 2 true >"$tmp/probe" 2>&1; then
    echo "mpi: dlx-mpi tests skipped: mpirun cannot start 2 processes here:"
    head -8 "$tmp/probe" | sed 's/^/    /'
    exit 0
fi

problem() { # problem KIND N > file
    case $1 in
    pentominoes) "$BIN/examples/pentominoes" --text "$2" ;;
    motley) "$BIN/examples/motley" --text "${2%x*}" "${2#*x}" ;;
    *) sh "$GEN" "$1" "$2" ;;
    esac
}

# count NP KIND N EXPECTED [OPTIONS]
count() {
    np=$1 kind=$2 n=$3 want=$4
    shift 4
    problem "$kind" "$n" >"$tmp/p.dlx"
    got=$(mpi "$np" --count --quiet "$@" "$tmp/p.dlx" 2>"$tmp/err")
    status=$?
    [ "$got" = "$want" ] || fail "$kind $n -np $np $*: '$got' solutions, expected $want"
    want_status=0
    [ "$want" = 0 ] && want_status=1
    [ "$status" -eq "$want_status" ] || fail "$kind $n -np $np: status $status"
}

n=1
for want in 1 0 0 2 10 4 40 92 352 724 2680 14200; do
    count 3 queens $n $want --split-nodes 2000
    n=$((n + 1))
done
count 3 langford 8 300 --split-nodes 2000
count 3 langford 11 35584 --split-nodes 20000
count 3 pentominoes 3x20 8 --split-nodes 2000
count 4 queens 12 14200
# Bounds (Algorithm M on bit sets) split too: motley dissections, DLX3's
# counts for motley-dlx 5 5 and 5 6; the nodes add up to one search's.
count 3 motley 5x5 150 --split-nodes 200
count 3 motley 5x6 393 --split-nodes 500
problem motley 5x6 >"$tmp/m.dlx"
one=$("$BIN/dlx" --count --stats "$tmp/m.dlx" 2>&1 | sed -n 's/^nodes: //p')
many=$(mpi 3 --count --stats --split-nodes 500 "$tmp/m.dlx" 2>&1 | sed -n 's/^nodes: //p')
[ -n "$one" ] && [ "$one" = "$many" ] || fail "motley 5x6 on 3 ranks: $many nodes, one search $one"
count 4 langford 11 35584
count 4 pentominoes 3x20 8
count 3 queens 10 724 --choose=recent --split-nodes 2000
count 3 queens 10 724 --choose=path --split-nodes 2000

# --stats: the figures of one search, exactly.
figures() { grep -E '^(solutions|nodes|updates|max level|complete):' "$1"; }
# same_figures FILE NP [OPTIONS]: dlx-mpi against dlx on FILE
same_figures() {
    f=$1 np=$2
    shift 2
    "$DLX" --count --stats "$f" >/dev/null 2>"$tmp/one"
    mpi "$np" --count --stats "$@" "$f" >/dev/null 2>"$tmp/many"
    figures "$tmp/one" >"$tmp/one.f"
    figures "$tmp/many" >"$tmp/many.f"
    cmp -s "$tmp/one.f" "$tmp/many.f" ||
        fail "$f -np $np $*: figures differ from dlx's: $(cat "$tmp/many.f") vs $(cat "$tmp/one.f")"
}
problem queens 12 >"$tmp/q12.dlx"
problem langford 11 >"$tmp/l11.dlx"
problem pentominoes 5x12 >"$tmp/p5x12.dlx"
same_figures "$tmp/q12.dlx" 3 --split-nodes 500
same_figures "$tmp/q12.dlx" 4
same_figures "$tmp/l11.dlx" 4 --split-nodes 3000
same_figures "$tmp/p5x12.dlx" 4 --split-nodes 50000

# The solutions: the set dlx prints, in each format.
problem queens 8 >"$tmp/q8.dlx"
sorted_ids() { while read -r line; do echo "$line" | tr ' ' '\n' | sort -n | tr '\n' ' '; echo; done | sort; }
"$DLX" --format ids "$tmp/q8.dlx" 2>/dev/null | sorted_ids >"$tmp/ids.1"
mpi 3 --format ids --split-nodes 100 "$tmp/q8.dlx" 2>/dev/null | sorted_ids >"$tmp/ids.3"
[ "$(wc -l <"$tmp/ids.3")" -eq 92 ] || fail "--format ids: $(wc -l <"$tmp/ids.3") lines, not 92"
cmp -s "$tmp/ids.1" "$tmp/ids.3" || fail "--format ids: not the solutions of dlx"
mpi 3 --split-nodes 100 "$tmp/q8.dlx" >"$tmp/text" 2>/dev/null
awk 'BEGIN { RS = "" } { n++; if (split($0, l, "\n") != 8) bad++ } END { print n, bad + 0 }' \
    "$tmp/text" >"$tmp/blocks"
[ "$(cat "$tmp/blocks")" = "92 0" ] || fail "text: blocks and bad blocks: $(cat "$tmp/blocks")"
mpi 4 --format json "$tmp/q8.dlx" >"$tmp/json" 2>/dev/null
grep -q '"count": 92,' "$tmp/json" || fail "json: no count of 92"
grep -q '"complete": true' "$tmp/json" || fail "json: not complete"
tail -1 "$tmp/json" | grep -q '^}$' || fail "json: document not closed"

# --max and --first hold over the ranks.
problem queens 10 >"$tmp/q10.dlx"
mpi 3 --format ids --max 5 --split-nodes 100 "$tmp/q10.dlx" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -eq 0 ] || fail "--max 5: status $status"
[ "$(wc -l <"$tmp/out")" -eq 5 ] || fail "--max 5: $(wc -l <"$tmp/out") solutions"
grep -q '^dlx-mpi: 5 solutions (stopped at --max)' "$tmp/err" || fail "--max 5: $(cat "$tmp/err")"
mpi 4 --format ids --first "$tmp/q10.dlx" >"$tmp/out" 2>"$tmp/err"
[ "$(wc -l <"$tmp/out")" -eq 1 ] || fail "--first: $(wc -l <"$tmp/out") solutions"
# (It says the option given: --first, not a --max the user never wrote.)
grep -q '^dlx-mpi: 1 solution (stopped at the first, --first)' "$tmp/err" || fail "--first: $(cat "$tmp/err")"
got=$(mpi 3 --count --max 7 "$tmp/q10.dlx" 2>/dev/null)
[ "$got" = 7 ] || fail "--count --max 7: $got"

# Standard input, as dlx reads it.
got=$(mpi 3 --count --quiet <"$tmp/q8.dlx")
[ "$got" = 92 ] || fail "standard input: $got"

# --- the checkpoint ---
# One whole run, then its checkpoint cut at several bytes (in the header, in
# the middle of lines, at a line's end, whole): each resumes to the total,
# with the nodes and updates of one search.
"$DLX" --count --stats "$tmp/q12.dlx" >/dev/null 2>"$tmp/one"
figures "$tmp/one" | grep -v '^max level' >"$tmp/one.f"
ck="$tmp/q12.ck"
got=$(mpi 3 --count --quiet --split-nodes 3000 --checkpoint "$ck" "$tmp/q12.dlx")
[ "$got" = 14200 ] || fail "checkpointed run: $got"
size=$(wc -c <"$ck")
lines=$(wc -l <"$ck")
[ "$lines" -gt 20 ] || fail "checkpoint: only $lines lines (the pieces were not recorded)"
line10=$(head -n 10 "$ck" | wc -c)
for cut in 30 $((size / 4)) $((size / 2)) "$line10" $((size - 2)) "$size"; do
    head -c "$cut" "$ck" >"$tmp/cut.ck"
    mpi 4 --count --stats --split-nodes 3000 --checkpoint "$tmp/cut.ck" "$tmp/q12.dlx" \
        >"$tmp/out" 2>"$tmp/err"
    [ "$(cat "$tmp/out")" = 14200 ] || fail "resumed after $cut of $size bytes: $(cat "$tmp/out")"
    figures "$tmp/err" | grep -v '^max level' >"$tmp/many.f"
    cmp -s "$tmp/one.f" "$tmp/many.f" ||
        fail "resumed after $cut bytes: $(cat "$tmp/many.f") vs one search's $(cat "$tmp/one.f")"
done
# A finished checkpoint: the total at once, nothing searched again.
got=$(mpi 3 --count --quiet --checkpoint "$ck" "$tmp/q12.dlx")
[ "$got" = 14200 ] || fail "finished checkpoint: $got"
# A damaged record is refused, naming its line, with no total (issue 22: a
# changed number in a D line resumed 14 queens to 1,265,596 solutions, not
# 365,596): a D line's solutions, then a node count.
dline=$(grep -n '^D ' "$ck" | head -1 | cut -d: -f1)
for edit in "${dline}s/^D \([0-9]*\) \([0-9]*\)/D \1 9\2/" \
    "${dline}s/^D \([0-9]*\) \([0-9]*\) \([0-9]*\)/D \1 \2 1\3/"; do
    sed "$edit" "$ck" >"$tmp/bad.ck"
    cmp -s "$ck" "$tmp/bad.ck" && fail "damaged checkpoint: sed '$edit' changed nothing"
    mpi 3 --count --checkpoint "$tmp/bad.ck" "$tmp/q12.dlx" >"$tmp/out" 2>"$tmp/err"
    status=$?
    [ "$status" -eq 2 ] || fail "damaged checkpoint ($edit): status $status, printed $(cat "$tmp/out")"
    [ -s "$tmp/out" ] && fail "damaged checkpoint ($edit): a total was printed: $(cat "$tmp/out")"
    grep -q "bad.ck:$dline: error: its check is wrong" "$tmp/err" ||
        fail "damaged checkpoint ($edit): $(head -2 "$tmp/err")"
done
# A FIFO as the checkpoint: said so (it said "out of memory").
mkfifo "$tmp/fifo.ck"
mpi 3 --count --checkpoint "$tmp/fifo.ck" "$tmp/q12.dlx" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -eq 2 ] || fail "FIFO checkpoint: status $status"
grep -q 'fifo.ck: error: not a regular file' "$tmp/err" || fail "FIFO checkpoint: $(head -2 "$tmp/err")"
# Another problem (or --choose) with the same file is refused, the file kept.
cp "$ck" "$tmp/keep.ck"
mpi 3 --count --checkpoint "$ck" "$tmp/q10.dlx" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -ne 0 ] || fail "checkpoint of another problem: status 0"
grep -q 'not of this run' "$tmp/err" || fail "checkpoint of another problem: $(head -3 "$tmp/err")"
[ -s "$tmp/out" ] && fail "checkpoint of another problem: printed $(cat "$tmp/out")"
cmp -s "$ck" "$tmp/keep.ck" || fail "checkpoint of another problem: the file was changed"
mpi 3 --count --choose first --checkpoint "$ck" "$tmp/q12.dlx" >/dev/null 2>&1 &&
    fail "checkpoint with another --choose: status 0"
mpi 3 --count --max 3 --checkpoint "$tmp/x.ck" "$tmp/q12.dlx" >/dev/null 2>"$tmp/err" &&
    fail "--checkpoint with --max: status 0"
grep -q 'does not go with --max' "$tmp/err" || fail "--checkpoint --max: $(head -2 "$tmp/err")"

# Stopped by SIGTERM (mpirun passes it on): the partial count, then a resumed
# run finishes. If the machine is fast enough to finish first, the resume
# still must give the total.
ck="$tmp/p.ck"
# (mpirun itself in the background, not a subshell: $! must be its pid)
# shellcheck disable=SC2086
mpirun $run_as --oversubscribe -np 3 "$MPI_DLX" --count --quiet --split-nodes 20000 \
    --checkpoint "$ck" "$tmp/p5x12.dlx" >"$tmp/out" 2>"$tmp/err" &
pid=$!
i=0
while [ "$i" -lt 300 ] && [ "$(cat "$ck" 2>/dev/null | wc -l)" -lt 12 ]; do
    sleep 0.1
    i=$((i + 1))
done
kill -TERM "$pid" 2>/dev/null
wait "$pid"
resumed=$(mpi 4 --count --quiet --split-nodes 20000 --checkpoint "$ck" "$tmp/p5x12.dlx")
[ "$resumed" = 4040 ] || fail "resumed after SIGTERM: $resumed (the stopped run said $(cat "$tmp/out"))"

# Ctrl-C to the process group (setsid: mpirun leads its own): Open MPI keeps
# the ranks in groups of their own, so only mpirun gets SIGINT and stops
# them with SIGTERM; the message says so (it said plain SIGTERM after a
# Ctrl-C), with the partial count. mpirun then exits 1 (docs/dlx-mpi.1).
# 16 queens: 14,772,512 solutions, far longer than the wait below.
problem queens 16 >"$tmp/q16.dlx"
# shellcheck disable=SC2086
setsid mpirun $run_as --oversubscribe -np 3 "$MPI_DLX" --count --progress "$tmp/q16.dlx" \
    >"$tmp/out" 2>"$tmp/err" &
pid=$!
i=0
while [ "$i" -lt 100 ] && ! grep -q 'workers busy' "$tmp/err"; do
    sleep 0.1
    i=$((i + 1))
done
kill -INT "-$pid" || fail "Ctrl-C to mpirun's group: kill failed"
wait "$pid"
status=$?
[ "$status" -ne 0 ] || fail "Ctrl-C to mpirun's group: status 0"
grep -q "^dlx-mpi: stopped by SIGTERM (mpirun's: it passes on Ctrl-C and kill as SIGTERM): [0-9]* solutions so far (partial)" \
    "$tmp/err" || fail "Ctrl-C to mpirun's group: $(grep -v 'workers busy' "$tmp/err" | head -3)"

# dlx-mpi --ranks=K starts the job itself and exits with dlx-mpi's status:
# mpirun's 1 for a stopped run becomes 130 or 143 (issue 22, item 5).
DLX_MPIRUN="mpirun $run_as --oversubscribe $MPI_EXTRA" && export DLX_MPIRUN
problem queens 12 >"$tmp/q12r.dlx"
got=$("$MPI_DLX" --ranks=3 --count --quiet "$tmp/q12r.dlx"); status=$?
[ "$got" = 14200 ] || fail "--ranks=3: 12 queens counted $got, not 14200 (OEIS A000170)"
[ "$status" -eq 0 ] || fail "--ranks=3: status $status"
printf 'a b\na\n' >"$tmp/none.dlx"
"$MPI_DLX" --ranks 2 --count --quiet "$tmp/none.dlx" >/dev/null 2>&1; status=$?
[ "$status" -eq 1 ] || fail "--ranks 2, no solution: status $status, not 1"
# wait_busy FILE: until the progress line says the workers are busy (10 s at most).
wait_busy() {
    i=0
    while [ "$i" -lt 100 ] && ! grep -qs 'workers busy' "$1"; do
        sleep 0.1
        i=$((i + 1))
    done
}
for how in TERM INT-group HUP; do
    rm -f "$tmp/err" # (not the last run's progress lines: the wait reads it at once)
    case $how in
    INT-group) setsid "$MPI_DLX" --ranks=3 --count --progress "$tmp/q16.dlx" >"$tmp/out" 2>"$tmp/err" & ;;
    *) "$MPI_DLX" --ranks=3 --count --progress "$tmp/q16.dlx" >"$tmp/out" 2>"$tmp/err" & ;;
    esac
    pid=$!
    wait_busy "$tmp/err"
    case $how in
    TERM) kill -TERM "$pid"; want=143 ;;
    INT-group) kill -INT "-$pid"; want=130 ;;
    HUP) kill -HUP "$pid"; want=129 ;;
    esac
    wait "$pid"
    status=$?
    [ "$status" -eq "$want" ] || fail "--ranks, SIG$how: status $status, not $want"
    grep -q "solutions so far (partial)" "$tmp/err" ||
        fail "--ranks, SIG$how: no partial count: $(grep -v 'workers busy' "$tmp/err" | head -3)"
    grep -q -E '^[0-9]+$' "$tmp/out" || fail "--ranks, SIG$how: printed '$(cat "$tmp/out")'"
done
"$MPI_DLX" --ranks=1 --count "$tmp/q12r.dlx" >/dev/null 2>"$tmp/err"; status=$?
[ "$status" -eq 2 ] || fail "--ranks=1: status $status"
grep -q -- '--ranks wants a number of ranks from 2' "$tmp/err" || fail "--ranks=1: $(cat "$tmp/err")"
DLX_MPIRUN=/nonexistent/mpirun "$MPI_DLX" --ranks=2 --count "$tmp/q12r.dlx" >/dev/null 2>"$tmp/err"
status=$?
[ "$status" -eq 2 ] || fail "--ranks with a missing mpirun: status $status"
grep -q 'cannot run /nonexistent/mpirun' "$tmp/err" || fail "--ranks, missing mpirun: $(cat "$tmp/err")"
mpi 2 --ranks=2 --count "$tmp/q12r.dlx" >/dev/null 2>"$tmp/err" && fail "--ranks under mpirun: status 0"
grep -q -- '--ranks starts an MPI job of its own' "$tmp/err" || fail "--ranks under mpirun: $(head -3 "$tmp/err")"
unset DLX_MPIRUN

# Two runs on one checkpoint at once: the second is refused.
ck="$tmp/two.ck"
# shellcheck disable=SC2086
mpirun $run_as --oversubscribe -np 2 "$MPI_DLX" --count --quiet --split-nodes 20000 \
    --checkpoint "$ck" "$tmp/p5x12.dlx" >"$tmp/first" 2>&1 &
pid=$!
i=0
while [ "$i" -lt 300 ] && [ "$(cat "$ck" 2>/dev/null | wc -l)" -lt 3 ]; do
    sleep 0.1
    i=$((i + 1))
done
mpi 2 --count --checkpoint "$ck" "$tmp/p5x12.dlx" >"$tmp/out" 2>"$tmp/err"
status=$?
wait "$pid"
[ "$(cat "$tmp/first")" = 4040 ] || fail "the first run on a checkpoint: $(head -3 "$tmp/first")"
if grep -q 'resuming: .* 0 to go' "$tmp/err"; then
    : # the first run was over before the second started: nothing to check
else
    [ "$status" -ne 0 ] || fail "a second run on a checkpoint in use: status 0"
    grep -q 'in use by another run' "$tmp/err" || fail "checkpoint in use: $(head -3 "$tmp/err")"
fi

# A worker that dies: an error, no total; the checkpoint resumes to the total.
ck="$tmp/k.ck"
DLX_MPI_DIE_AFTER=3 && export DLX_MPI_DIE_AFTER
MPI_EXTRA="-x DLX_MPI_DIE_AFTER"
mpi 3 --count --split-nodes 3000 --checkpoint "$ck" "$tmp/q12.dlx" \
    >"$tmp/out" 2>"$tmp/err"
status=$?
unset DLX_MPI_DIE_AFTER
MPI_EXTRA=
[ "$status" -ne 0 ] || fail "a killed worker: status 0"
[ -s "$tmp/out" ] && fail "a killed worker: a total was printed: $(cat "$tmp/out")"
got=$(mpi 3 --count --quiet --checkpoint "$ck" "$tmp/q12.dlx")
[ "$got" = 14200 ] || fail "resumed after a killed worker: $got"

# --- errors ---
# Usage errors name the option and the bad word, in dlx's words (dlx's
# messages: tests/cli/test_dlx_errors.sh), status 2, nothing on stdout.
# Rank 0 says them before any rank is needed, so a lone process (an MPI
# singleton, 0.2 s against 2 s for an mpirun that fails) shows them too.
while IFS='|' read -r args want; do
    # shellcheck disable=SC2086
    "$MPI_DLX" $args "$tmp/q8.dlx" >"$tmp/out" 2>"$tmp/err"
    status=$?
    [ "$status" -eq 2 ] || fail "dlx-mpi $args: status $status, expected 2"
    [ -s "$tmp/out" ] && fail "dlx-mpi $args: printed $(head -2 "$tmp/out")"
    [ "$(head -1 "$tmp/err")" = "dlx-mpi: $want" ] ||
        fail "dlx-mpi $args: '$(head -1 "$tmp/err")', expected 'dlx-mpi: $want'"
    grep -q "^Try 'dlx-mpi --help'" "$tmp/err" || fail "dlx-mpi $args: no 'Try' line"
done <<'EOF'
--format bogus|unknown --format 'bogus' (expected text, ids or json)
-f=ids|unknown --format '=ids' (expected text, ids or json)
--format=|unknown --format '' (expected text, ids or json)
--choose=best|unknown rule 'best' for --choose (expected mrv, knuth, recent, path or first)
--max 0|--max wants a positive whole number, not '0'
--split-nodes=-1|--split-nodes wants a positive whole number, not '-1'
--seed=random|--seed=random: every rank must draw the same tree; give a number (0 to 2^64-1)
--seed=1x|--seed wants a whole number from 0 to 2^64-1, not '1x'
--bogus|unknown or ambiguous option '--bogus'
EOF
printf 'a b\na c\n' >"$tmp/bad.dlx"
mpi 3 --count "$tmp/bad.dlx" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -ne 0 ] || fail "bad input: status 0"
grep -q "bad.dlx:2:3: error: unknown item 'c'" "$tmp/err" || fail "bad input: $(head -3 "$tmp/err")"
mpi 1 --count "$tmp/q8.dlx" >/dev/null 2>"$tmp/err" && fail "-np 1: status 0"
grep -q 'needs at least 2 ranks' "$tmp/err" || fail "-np 1: $(head -2 "$tmp/err")"
mpi 2 --count "$tmp/missing.dlx" >/dev/null 2>"$tmp/err" && fail "missing file: status 0"
grep -q 'missing.dlx: error: cannot open' "$tmp/err" || fail "missing file: $(head -2 "$tmp/err")"

# make install-mpi: dlx-mpi and its man page (installed paths in it), and
# uninstall leaves nothing. (make install with dlx-mpi built:
# tests/cli/test_install.sh.)
if make -s -C "$ROOT" install-mpi BUILD="$BUILD" DESTDIR="$tmp/inst" PREFIX=/usr \
    >"$tmp/log" 2>&1; then
    [ -x "$tmp/inst/usr/bin/dlx-mpi" ] || fail "install-mpi: no bin/dlx-mpi"
    man1="$tmp/inst/usr/share/man/man1/dlx-mpi.1"
    [ -f "$man1" ] || fail "install-mpi: no dlx-mpi.1"
    grep -q '/usr/share/doc/dlx/parallel.md' "$man1" 2>/dev/null ||
        fail "install-mpi: dlx-mpi.1 does not name the installed parallel.md"
    make -s -C "$ROOT" uninstall BUILD="$BUILD" DESTDIR="$tmp/inst" PREFIX=/usr >"$tmp/log" 2>&1 ||
        fail "uninstall after install-mpi: $(tail -3 "$tmp/log")"
    left=$(find "$tmp/inst" ! -type d)
    [ -z "$left" ] || fail "uninstall after install-mpi left: $left"
else
    fail "make install-mpi: $(tail -3 "$tmp/log")"
fi

# Every long option of --help has its entry in the man page.
# (the entries: the .B/.BR line after each .TP)
awk 'prev == ".TP" && /^\.BR? / { gsub(/\\-/, "-"); print } { prev = $0 }' \
    "$ROOT/docs/dlx-mpi.1" >"$tmp/entries"
"$MPI_DLX" --help | grep -o -E -- '--[a-z][a-z-]*' | sort -u | while read -r opt; do
    grep -q -E -e "(^|[ \"])$opt([^a-z-]|$)" "$tmp/entries" || echo "$opt"
done >"$tmp/undocumented"
[ -s "$tmp/undocumented" ] && fail "docs/dlx-mpi.1 lacks $(tr '\n' ' ' <"$tmp/undocumented")"

if [ "$fails" -eq 0 ]; then
    echo "mpi: dlx-mpi: ok"
    exit 0
fi
echo "mpi: dlx-mpi: $fails failed"
exit 1
