# SPDX-License-Identifier: MIT
# trace_replay.awk - reads the output of `dlx --trace=json` (docs/trace-json.md),
# checks that every line is valid JSON, and replays the search:
#   - cover/uncover, purify/unpurify and, with bounds, use/unuse and
#     tweak/untweak must nest like brackets (each undo names the item on top
#     of the stack; an untweak closes its item's `count` tweaks), and the
#     stack is empty at the end;
#   - each try sets the choice of its level, a skip (a null move) sets none;
#     each solution must list exactly the choices of levels 0..level, and
#     those options must cover every primary item between its bounds (the
#     problem record's "lo" and "hi", 1 and 1 when absent);
#   - nodes = choose + solution records, as the end record must say.
# Prints "solutions N", "nodes N", "updates N", then each solution's option
# ids sorted, one line each (prefixed "sol"). Any violation is printed as
# "ERROR line N: ..." and makes the exit status 1.

# --- A JSON syntax checker: recursive descent over the line in `s`. --------
function ws() {
    while (pos <= len && index(" \t\r\n", substr(s, pos, 1)) > 0)
        pos++
}
function jstring(    c, h) {
    if (substr(s, pos, 1) != "\"")
        return 0
    pos++
    while (pos <= len) {
        c = substr(s, pos, 1)
        if (c == "\"") {
            pos++
            return 1
        }
        if (c == "\\") {
            c = substr(s, pos + 1, 1)
            if (c == "u") {
                h = substr(s, pos + 2, 4)
                if (h !~ /^[0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F]$/)
                    return 0
                pos += 6
                continue
            }
            if (index("\"\\/bfnrt", c) == 0)
                return 0
            pos += 2
            continue
        }
        pos++
    }
    return 0
}
function jnumber(    rest) {
    rest = substr(s, pos)
    if (!match(rest, /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/))
        return 0
    pos += RLENGTH
    return 1
}
function jarray(    c) {
    pos++
    ws()
    if (substr(s, pos, 1) == "]") {
        pos++
        return 1
    }
    for (;;) {
        if (!jvalue())
            return 0
        ws()
        c = substr(s, pos, 1)
        pos++
        if (c == "]")
            return 1
        if (c != ",")
            return 0
    }
}
function jobject(    c) {
    pos++
    ws()
    if (substr(s, pos, 1) == "}") {
        pos++
        return 1
    }
    for (;;) {
        ws()
        if (!jstring())
            return 0
        ws()
        if (substr(s, pos, 1) != ":")
            return 0
        pos++
        if (!jvalue())
            return 0
        ws()
        c = substr(s, pos, 1)
        pos++
        if (c == "}")
            return 1
        if (c != ",")
            return 0
    }
}
function jvalue(    c) {
    ws()
    c = substr(s, pos, 1)
    if (c == "{")
        return jobject()
    if (c == "[")
        return jarray()
    if (c == "\"")
        return jstring()
    if (substr(s, pos, 4) == "true" || substr(s, pos, 4) == "null") {
        pos += 4
        return 1
    }
    if (substr(s, pos, 5) == "false") {
        pos += 5
        return 1
    }
    return jnumber()
}
function valid_json_object(line) {
    s = line
    len = length(s)
    pos = 1
    ws()
    if (substr(s, pos, 1) != "{" || !jobject())
        return 0
    ws()
    return pos > len
}

# --- Reading members of our flat records. ------------------------------------
function member(name,    rest) {
    if (!match($0, "\"" name "\":(-?[0-9]+|\"[a-z_]*\")"))
        return ""
    rest = substr($0, RSTART + length(name) + 3, RLENGTH - length(name) - 3)
    gsub(/"/, "", rest)
    return rest
}
function error(msg) {
    print "ERROR line " NR ": " msg
    failed = 1
}

BEGIN {
    failed = 0; depth = 0; chooses = 0; solutions = 0; ended = 0
}

{
    if (!valid_json_object($0)) {
        error("not a JSON object: " substr($0, 1, 80))
        next
    }
    ev = member("event")
    if (ev == "") {
        error("no event member")
        next
    }
    if (NR == 1 && ev != "problem")
        error("the first record is not the problem")
    if (ended)
        error("a record after the end record")
}

ev == "problem" {
    # item flags and bounds in order, then each option's item list
    nitems = 0
    rest = $0
    while (match(rest, /"secondary":(true|false)(,"lo":[0-9]+,"hi":[0-9]+)?/)) {
        item = substr(rest, RSTART, RLENGTH)
        secondary[nitems] = (substr(item, 13, 4) == "true")
        lo[nitems] = hi[nitems] = 1
        if (match(item, /"lo":[0-9]+/))
            lo[nitems] = substr(item, RSTART + 5, RLENGTH - 5) + 0
        if (match(item, /"hi":[0-9]+/))
            hi[nitems] = substr(item, RSTART + 5, RLENGTH - 5) + 0
        nitems++
        rest = substr(rest, index(rest, "\"secondary\":") + 12)
    }
    nopts = 0
    rest = $0
    while (match(rest, /"items":\[[0-9,]*\]/)) {
        list = substr(rest, RSTART + 9, RLENGTH - 10)
        optitems[nopts++] = list
        rest = substr(rest, RSTART + RLENGTH)
    }
    next
}

ev == "choose" {
    chooses++
    lvl = member("level") + 0
    chosen_item[lvl] = member("item") + 0
    if (member("remaining") == "")
        error("choose without remaining")
}

ev == "try" || ev == "skip" {
    lvl = member("level") + 0
    choice[lvl] = ev == "try" ? member("option") + 0 : -1
    if (member("item") + 0 != chosen_item[lvl])
        error(ev " for an item that was not chosen at this level")
}

ev == "cover" || ev == "purify" || ev == "use" || ev == "tweak" {
    stack[depth++] = ev " " member("item")
}

ev == "uncover" || ev == "unpurify" || ev == "unuse" {
    want = substr(ev, 3) " " member("item")
    if (depth == 0 || stack[depth - 1] != want)
        error(ev " " member("item") " does not undo the last " (depth ? stack[depth - 1] : "nothing"))
    else
        depth--
}

ev == "untweak" {
    want = "tweak " member("item")
    for (k = member("count") + 0; k > 0; k--) {
        if (depth == 0 || stack[depth - 1] != want) {
            error("untweak " member("item") " does not undo the last " (depth ? stack[depth - 1] : "nothing"))
            break
        }
        depth--
    }
}

ev == "solution" {
    solutions++
    lvl = member("level") + 0
    got = $0
    sub(/.*"options":\[/, "", got)
    sub(/\].*/, "", got)
    want = ""
    for (l = 0; l <= lvl; l++)
        if (choice[l] >= 0)
            want = want (want != "" ? "," : "") choice[l]
    if (got != want)
        error("solution lists [" got "], the choices made were [" want "]")
    # every primary item between its bounds (exactly once without them),
    # secondary at most once unless coloured (colours are checked by the
    # engine's purify records)
    split("", used)
    n = split(want, ids, ",")
    for (k = 1; k <= n; k++) {
        m = split(optitems[ids[k]], its, ",")
        for (j = 1; j <= m; j++)
            used[its[j]]++
    }
    for (i = 0; i < nitems; i++)
        if (!secondary[i] && (used[i] < lo[i] || used[i] > hi[i]))
            error("solution " solutions " covers primary item " i " " (used[i] + 0) " times")
    # the solution's ids, sorted, for comparing with dlx --format ids
    for (k = 2; k <= n; k++)
        for (j = k; j > 1 && ids[j - 1] + 0 > ids[j] + 0; j--) {
            t = ids[j]; ids[j] = ids[j - 1]; ids[j - 1] = t
        }
    line = ""
    for (k = 1; k <= n; k++)
        line = line (k > 1 ? " " : "") ids[k]
    sols[solutions] = line
}

ev == "end" {
    ended = 1
    end_nodes = member("nodes")
    end_solutions = member("solutions")
    end_updates = member("updates")
    end_status = member("status")
}

END {
    if (!ended)
        error("no end record")
    if (end_status == "done" && depth != 0)
        error(depth " covers were never undone")
    if (end_nodes != chooses + solutions)
        error("end says " end_nodes " nodes; the records show " chooses " choose + " solutions " solutions")
    if (end_solutions != solutions)
        error("end says " end_solutions " solutions; the records show " solutions)
    print "solutions " solutions
    print "nodes " chooses + solutions
    print "updates " end_updates
    for (k = 1; k <= solutions; k++)
        print "sol " sols[k]
    exit failed
}
