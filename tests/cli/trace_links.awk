# SPDX-License-Identifier: MIT
# trace_links.awk - rebuilds the dancing links from `dlx --trace=json
# --detail=links` alone (docs/trace-json.md, "Link detail") and checks them
# at every step, as dlx_check() checks the engine's own structure:
#   - the problem record's layout is Knuth's memory table: headers 1..N,
#     spacers between the options, each option's nodes in consecutive slots
#     naming the items of the problem record's option, every list doubly
#     linked with LEN equal to its length;
#   - before each step, what the event says (a node's ULINK and DLINK, a
#     header's LLINK and RLINK, the LEN after, the running update count, the
#     sequence number) agrees with the structure rebuilt so far; the step is
#     then applied;
#   - the state after each record is the engine's: an uncover relinks the
#     item's header after the unhides that follow it, not at its own record
#     (tests/cli/test_trace_links.sh compares these states with the engine's
#     memory, tests/tools/trace_states.c);
#   - each cover, purify, uncover and unpurify is followed by exactly the
#     hide/mark/unhide/unmark records the dance must make, in its order
#     (predicted here from the rebuilt lists, as Knuth's cover(i) walks
#     them);
#   - after every record the whole structure passes the invariant walk:
#     every item list doubly linked through nodes of that item, LEN right,
#     the active list a consistent cycle of primary items, every node either
#     in its list or hidden;
#   - at each choose, every item's LEN and the active list agree, and the
#     item is the one the rule picks (fewest options, leftmost unless a seed
#     breaks ties, the scan stopping where the rule stops);
#   - the end record's nodes and updates agree with the records; a finished
#     search leaves the structure exactly as the layout record gave it.
# Prints "ok SLOTS EVENTS UPDATES" on success. With -v dump=1 it also prints,
# after the problem record and after every event, the state as one line:
#   state SEQ top=... ulink=... dlink=... color=... llink=... rlink=...
# (comma-separated, by slot) - the browser test compares the page with it.
# Violations are printed as "ERROR line N: ..." and make the exit status 1.

function error(msg) {
    if (errors++ < 20)
        print "ERROR line " NR ": " msg
    failed = 1
}
function member(name,    rest) {
    if (!match($0, "\"" name "\":(-?[0-9]+|\"[a-z_]*\"|null)"))
        return ""
    rest = substr($0, RSTART + length(name) + 3, RLENGTH - length(name) - 3)
    gsub(/"/, "", rest)
    return rest
}
# Splits the array member `name` of the current line into arr[0..]; returns its length.
function array(name, arr,    list, n, k, tmp) {
    if (!match($0, "\"" name "\":\\[[-0-9,]*\\]"))
        return -1
    list = substr($0, RSTART + length(name) + 4, RLENGTH - length(name) - 5)
    n = split(list, tmp, ",")
    for (k = 1; k <= n; k++)
        arr[k - 1] = tmp[k] + 0
    return n
}
function joined(arr, n,    k, s) {
    s = ""
    for (k = 0; k < n; k++)
        s = s (k ? "," : "") arr[k]
    return s
}
function dump_state() {
    if (dump)
        print "state " seq " top=" joined(TOP, slots) " ulink=" joined(UL, slots) \
            " dlink=" joined(DL, slots) " color=" joined(COL, slots) \
            " llink=" joined(LL, N + 1) " rlink=" joined(RL, N + 1)
}

# The next node of x's option, round to the first (a spacer's ULINK is the
# first node of the option before it).
function next_node(x) {
    return TOP[x + 1] <= 0 ? UL[x + 1] : x + 1
}
function prev_node(x) {
    return TOP[x - 1] <= 0 ? DL[x - 1] : x - 1
}

# --- the invariant walk (dlx_check's, on the rebuilt tables) ---------------
function check_all(    x, q, d, count, steps, seen, inlist) {
    split("", inlist)
    # the active list: a consistent cycle through primary items only
    steps = 0
    for (x = 0;;) {
        d = RL[x]
        if (d < 0 || d > N || LL[d] != x) {
            error("the active list is broken after header " x)
            return
        }
        if (d == 0)
            break
        if (secondary[d - 1] || ++steps > N) {
            error("the active list holds a secondary item or loops")
            return
        }
        x = d
    }
    # every item list: doubly linked, nodes of that item, LEN right
    for (x = 1; x <= N; x++) {
        count = 0
        for (q = x;;) {
            d = DL[q]
            if (d < 1 || d >= slots || UL[d] != q) {
                error("list of item " x - 1 " is broken at slot " q)
                return
            }
            if (d == x)
                break
            if (d <= N || TOP[d] != x || ++count > slots) {
                error("list of item " x - 1 " holds slot " d " (TOP " TOP[d] ")")
                return
            }
            if (hidden[d])
                error("slot " d " is in its list but was hidden")
            inlist[d] = 1
            q = d
        }
        if (count != TOP[x])
            error("LEN of item " x - 1 " is " TOP[x] " but its list has " count)
    }
    # every option node is in its list or hidden (or settled by a purify,
    # whose item's list stays as it is)
    for (x = N + 1; x < slots; x++)
        if (TOP[x] > 0 && !inlist[x] && !hidden[x])
            error("slot " x " is in no list and was never hidden")
}

# --- what a step must be followed by ---------------------------------------
function expect(what) {
    want[nwant++] = what
}
# hide(q): every other node of q's option, left to right round the option,
# except those of settled (purified) items.
function expect_hides(q, kind,    x) {
    for (x = next_node(q); x != q; x = next_node(x))
        if (COL[x] >= 0)
            expect(kind " " x)
}
function check_expected(    k) {
    if (wpos < nwant) {
        error("the dance should have gone on with " want[wpos] " (" nwant - wpos " steps missing)")
    }
    nwant = 0
    wpos = 0
}

BEGIN {
    failed = 0; errors = 0; seq = 0; updates = 0; chooses = 0; solutions = 0
    nwant = 0; wpos = 0; ended = 0; events = 0; relink = 0
}

{
    ev = member("event")
    if (ev == "") {
        error("no event member")
        next
    }
    if (ended)
        error("a record after the end record")
    # a step of the dance must come where the last cover/purify said it would
    if (ev == "hide" || ev == "unhide" || ev == "mark" || ev == "unmark") {
        step = ev " " member("node")
        if (wpos >= nwant || want[wpos] != step)
            error(step " comes where the dance does " (wpos < nwant ? want[wpos] : "nothing"))
        else
            wpos++
    } else if (ev != "problem") {
        check_expected()
    }
}

ev == "problem" {
    if (NR != 1)
        error("the problem record is not the first")
    rule = member("rule")
    seed = member("seed")
    if (seed == "")
        error("no seed member (null or a number) in the problem record")
    if (!match($0, /"layout":\{/))
        error("no layout in the problem record (was --detail=links given?)")
    N = member("headers") + 0
    slots = member("slots") + 0
    if (array("top", TOP) != slots || array("ulink", UL) != slots || array("dlink", DL) != slots ||
        array("color", COL) != slots || array("llink", LL) != N + 1 || array("rlink", RL) != N + 1)
        error("the layout's arrays do not have " slots " slots and " N + 1 " headers")
    nsp = array("spacers", SP)
    # item flags, then each option's items and colours
    nitems = 0
    rest = $0
    while (match(rest, /"secondary":(true|false)/)) {
        secondary[nitems++] = (substr(rest, RSTART + 12, 4) == "true")
        rest = substr(rest, RSTART + RLENGTH)
    }
    if (nitems != N)
        error("the layout has " N " headers for " nitems " items")
    nopts = 0
    rest = $0
    while (match(rest, /"items":\[[0-9,]*\],"colors":\[[-0-9,]*\]/)) {
        s = substr(rest, RSTART, RLENGTH)
        sub(/^"items":\[/, "", s)
        split(s, parts, /\],"colors":\[/)
        sub(/\]$/, "", parts[2])
        optitems[nopts] = parts[1]
        optcolors[nopts] = parts[2]
        nopts++
        rest = substr(rest, RSTART + RLENGTH)
    }
    # Knuth's layout: slot N+1 the first spacer, then each option's nodes and
    # a spacer; TOP of the k-th spacer is -k; a spacer's ULINK is the first
    # node of the option before it and its DLINK the last node of the one
    # after it.
    if (nopts > 0 && (nsp != nopts + 1 || SP[0] != N + 1))
        error(nsp " spacers for " nopts " options, the first at " SP[0])
    for (k = 0; k < nopts; k++) {
        first = SP[k] + 1
        n = split(optitems[k], its, ",")
        split(optcolors[k], cols, ",")
        if (SP[k + 1] != first + n)
            error("option " k " should fill slots " first ".." first + n - 1)
        if (TOP[SP[k]] != -k)
            error("spacer " SP[k] " has TOP " TOP[SP[k]] ", want " -k)
        if (DL[SP[k]] != first + n - 1 || UL[SP[k + 1]] != first)
            error("the spacers around option " k " do not point at its first and last nodes")
        for (j = 1; j <= n; j++) {
            x = first + j - 1
            if (TOP[x] != its[j] + 1 || COL[x] != cols[j] + 0)
                error("slot " x " should be item " its[j] " colour " cols[j] " of option " k)
            option_of[x] = k
        }
    }
    if (nopts > 0 && TOP[SP[nopts]] != -nopts)
        error("the last spacer has TOP " TOP[SP[nopts]])
    for (x = 0; x < slots; x++) {
        T0[x] = TOP[x]; U0[x] = UL[x]; D0[x] = DL[x]; C0[x] = COL[x]
    }
    for (x = 0; x <= N; x++) {
        L0[x] = LL[x]; R0[x] = RL[x]
    }
    check_all()
    dump_state()
    next
}

ev != "end" {
    events++
    if (member("seq") != seq + 1)
        error("seq " member("seq") " after " seq)
    seq = member("seq") + 0
    if (member("updates") != updates)
        error(ev ": updates " member("updates") ", the records so far make " updates)
    level = member("level") + 0
}

ev == "choose" {
    chooses++
    item = member("item") + 0
    if (array("lens", lens) != N)
        error("choose without the lens of all " N " items")
    for (i = 0; i < N; i++)
        if (lens[i] != TOP[i + 1])
            error("choose says LEN of item " i " is " lens[i] "; rebuilt: " TOP[i + 1])
    # the active list, in order, and the rule's pick among the items scanned
    got = $0
    sub(/.*"active":\[/, "", got)
    sub(/\]\].*/, "]", got)
    want_active = ""
    n = 0
    for (x = RL[0]; x != 0; x = RL[x]) {
        want_active = want_active (n ? "," : "") "[" x - 1 "," TOP[x] "]"
        order[n++] = x
    }
    if (got != want_active && !(n == 0 && got == "]"))
        error("choose lists active " got "; rebuilt: " want_active)
    scanned = member("scanned") + 0
    if (member("remaining") != TOP[item + 1])
        error("choose says " member("remaining") " options; LEN is " TOP[item + 1])
    if (scanned < 1 || scanned > n)
        error("scanned " scanned " of " n " active items")
    stop_at = 0 # both MRV names are DLX1's rule: the scan stops only at a dead end
    if (rule == "first") {
        if (item + 1 != order[0] || scanned != 1)
            error("the first-item rule should take item " order[0] - 1)
    } else {
        best = -1
        for (k = 0; k < scanned; k++) {
            x = order[k]
            if (best < 0 || TOP[x] < TOP[best])
                best = x
            if (TOP[x] <= stop_at && k + 1 != scanned)
                error("the scan should have stopped at item " x - 1 " (" TOP[x] " options)")
        }
        if (scanned < n && TOP[order[scanned - 1]] > stop_at)
            error("the scan stopped at item " order[scanned - 1] - 1 " with " TOP[order[scanned - 1]] " options")
        # "recent" breaks ties toward the last choice's items, not leftmost
        if (seed == "null" && rule != "recent" && item + 1 != best)
            error("the rule picks item " best - 1 ", not " item)
        if (TOP[item + 1] != TOP[best])
            error("item " item " has " TOP[item + 1] " options; item " best - 1 " has fewer")
        found = 0
        for (k = 0; k < scanned; k++)
            found += order[k] == item + 1
        if (!found)
            error("item " item " is not among the items scanned")
    }
    chosen[level] = item
}

ev == "cover" || ev == "uncover" {
    h = member("item") + 1
    left = member("left") + 0
    right = member("right") + 0
    if (LL[h] != left || RL[h] != right)
        error(ev " of item " h - 1 ": links " left "," right "; rebuilt: " LL[h] "," RL[h])
    if (ev == "cover") {
        if (RL[LL[h]] != h || LL[RL[h]] != h)
            error("cover of item " h - 1 ", which is not in the active list")
        RL[left] = right
        LL[right] = left
        updates++
        stack[depth++] = "cover " h
        # cover(i): down i's list, each option's other nodes
        for (q = DL[h]; q != h; q = DL[q])
            expect_hides(q, "hide")
    } else {
        if (depth == 0 || stack[depth - 1] != "cover " h)
            error("uncover of item " h - 1 " does not undo the last cover")
        else
            depth--
        if (RL[left] != right || LL[right] != left)
            error("uncover of item " h - 1 ": its neighbours do not link to each other")
        # uncover(i): up i's list, each option's other nodes put back
        for (q = UL[h]; q != h; q = UL[q])
            expect_hides(q, "unhide")
        # ...and the header relinked last (uncover_w in dlx_internal.h): after
        # the last of those unhides, or now when there is none (below)
        relink = h
        relink_left = left
        relink_right = right
    }
}

ev == "purify" || ev == "unpurify" {
    h = member("item") + 1
    color = member("color") + 0
    node = member("node") + 0
    if (TOP[node] != h || (ev == "purify" && COL[node] != color))
        error(ev " names node " node ", which does not give item " h - 1 " colour " color)
    if (ev == "purify") {
        COL[h] = color
        stack[depth++] = "purify " h
        for (q = DL[h]; q != h; q = DL[q])
            if (COL[q] == color)
                expect("mark " q)
            else
                expect_hides(q, "hide")
    } else {
        if (depth == 0 || stack[depth - 1] != "purify " h)
            error("unpurify of item " h - 1 " does not undo the last purify")
        else
            depth--
        for (q = UL[h]; q != h; q = UL[q])
            if (COL[q] < 0)
                expect("unmark " q)
            else
                expect_hides(q, "unhide")
    }
}

ev == "hide" || ev == "unhide" || ev == "mark" || ev == "unmark" {
    x = member("node") + 0
    it = member("item") + 1
    if (x <= N || x >= slots || TOP[x] <= 0)
        error(ev " of slot " x ", which is no option node")
    if (TOP[x] != it || option_of[x] != member("option"))
        error(ev " of slot " x ": item " it - 1 " option " member("option") "; the layout says item " TOP[x] - 1 " option " option_of[x])
    len = member("len") + 0
    if (ev == "hide" || ev == "unhide") {
        u = member("up") + 0
        d = member("down") + 0
        if (UL[x] != u || DL[x] != d)
            error(ev " of slot " x ": links " u "," d "; rebuilt: " UL[x] "," DL[x])
    }
    if (ev == "hide") {
        if (hidden[x] || DL[u] != x || UL[d] != x)
            error("hide of slot " x ", which is not in its list")
        DL[u] = d
        UL[d] = u
        TOP[it]--
        hidden[x] = 1
        updates++
    } else if (ev == "unhide") {
        if (!hidden[x] || DL[u] != d || UL[d] != u)
            error("unhide of slot " x ", whose neighbours are not linked to each other")
        DL[u] = x
        UL[d] = x
        TOP[it]++
        hidden[x] = 0
    } else if (ev == "mark") {
        if (member("color") + 0 != COL[x] || COL[x] <= 0)
            error("mark of slot " x " with colour " member("color") "; it has " COL[x])
        COL[x] = -1
    } else {
        if (COL[x] != -1)
            error("unmark of slot " x ", which is not marked")
        COL[x] = member("color") + 0
    }
    if (TOP[it] != len)
        error(ev " of slot " x ": LEN after " len "; rebuilt: " TOP[it])
}

ev == "solution" {
    solutions++
    if (RL[0] != 0)
        error("a solution with items still active")
}

ev == "end" {
    ended = 1
    check_expected()
    if (member("nodes") != chooses + solutions)
        error("end says " member("nodes") " nodes; the records show " chooses + solutions)
    if (member("updates") != updates)
        error("end says " member("updates") " updates; the records make " updates)
    if (member("status") == "done") {
        if (depth != 0)
            error(depth " covers or purifies were never undone")
        for (x = 0; x < slots; x++)
            if (TOP[x] != T0[x] || UL[x] != U0[x] || DL[x] != D0[x] || \
                (x > N && COL[x] != C0[x]))
                error("slot " x " is not back as the layout gave it")
        for (x = 0; x <= N; x++)
            if (LL[x] != L0[x] || RL[x] != R0[x])
                error("header " x " is not back in the active list as it was")
    }
    next
}

{
    if (relink && wpos >= nwant) {
        RL[relink_left] = relink
        LL[relink_right] = relink
        relink = 0
    }
    check_all()
    dump_state()
}

END {
    if (!ended)
        error("no end record")
    if (!failed)
        print "ok " slots " " events " " updates
    exit failed
}
