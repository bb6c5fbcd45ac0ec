#ifndef CAUSEGRAPH_CGRAPHVIZ_SHIM_H
#define CAUSEGRAPH_CGRAPHVIZ_SHIM_H
#include <gvc.h>
#include <cgraph.h>
#endif
