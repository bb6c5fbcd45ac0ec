#ifndef CAUSEGRAPH_CGRAPHVIZ_SHIM_H
#define CAUSEGRAPH_CGRAPHVIZ_SHIM_H
// The C boundary for every Graphviz from Debian 12's 2.42 to Homebrew's 14.x.
//
// Graphviz 13 changed two calls causegraph makes: gvRenderData's length became
// `size_t *` (it was `unsigned int *`), and text attributes gained `_text`
// variants beside the old names. The wrappers below give Swift one signature
// for both, so GraphvizRender has no version branches of its own.
#include <stddef.h>
#include <gvc.h>
#include <cgraph.h>
#include <graphviz_version.h>

// Graphviz 13 has no version macros (14 added them), so the length's type is
// read off gvRenderData's own declaration: C11 `_Generic` passes the variable
// of that type, and the call is the one the header declares, with no casts.
typedef int (*causegraph_render_data_size_t)(GVC_t *, graph_t *, const char *, char **, size_t *);

/// gvRenderData with a `size_t` length on every Graphviz version.
static inline int causegraph_gvRenderData(GVC_t *gvc, graph_t *graph, const char *format, char **result,
                                          size_t *length) {
    size_t longLength = 0;
    unsigned int shortLength = 0;
    int status = gvRenderData(gvc, graph, format, result,
                              _Generic(&gvRenderData, causegraph_render_data_size_t: &longLength,
                                       default: &shortLength));
    *length = longLength > 0 ? longLength : shortLength;
    return status;
}

/// Sets a plain-text attribute, declaring it with `fallback` first where the
/// graph lacks it: `agsafeset_text` where it exists (Graphviz 13 and later),
/// else `agsafeset`, which made text attributes only. Graphviz 13 has the
/// `_text` name but no version macro; the old name it keeps behaves the same
/// for the values causegraph sets.
static inline int causegraph_agsafeset_text(void *object, char *name, const char *value, const char *fallback) {
#if defined(GRAPHVIZ_VERSION_MAJOR) && GRAPHVIZ_VERSION_MAJOR >= 13
    return agsafeset_text(object, name, value, fallback);
#else
    return agsafeset(object, name, (char *)value, (char *)fallback);
#endif
}

/// An attribute's value, or NULL where the object lacks it; `agget` takes a
/// name it does not change, declared mutable on some versions.
static inline const char *causegraph_agget(void *object, const char *name) {
    return agget(object, (char *)name);
}
#endif
