/* SPDX-License-Identifier: MIT */
/* trace/views.c - the registry of the views (view.h): the one list of them,
 * indexed by the format each writes. A new view is a file of trace/ with its
 * trace_view_ops, a value of enum trace_format (trace.h) and a line here.
 */
#include "view.h"

#include <stddef.h>

static const trace_view_ops *const views[] = {
    [TRACE_TEXT] = &trace_view_text,     [TRACE_JSON] = &trace_view_json,
    [TRACE_MATRIX] = &trace_view_matrix, [TRACE_LINKS] = &trace_view_links,
    [TRACE_DOT] = &trace_view_tree,
};

const trace_view_ops *trace_view_find(enum trace_format format)
{
    if ((unsigned)format >= sizeof views / sizeof views[0])
        return NULL;
    return views[format]; /* NULL at TRACE_NONE */
}
