#!/usr/bin/env python3
"""Writes a dense swiftui-causes export, for `make bench` (issue 28).

usage: dense-causes.py SCHEMA_EXPORT ROWS SEED > dense.xml

A realistic recording's causes join few pairs of nodes many times; this one
joins random pairs of 1,314 nodes (502 causes, 812 bodies), so 1,000,000
rows make some 660,000 distinct edges: the graph that holds the most per
row. Its schema is copied from SCHEMA_EXPORT (an export of
causegraph-export-gen), its rows written here, each event once, each node
cell defined once and referred to after.
"""
import random
import sys

schema_export, rows, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
with open(schema_export, "rb") as source:
    head = source.read(1 << 20).decode("utf-8")
header = head[: head.index("<row>")]
random.seed(seed)
causes = [f"@State: value{i}" for i in range(300)] + [f"@Observable Model{i}.(Int)" for i in range(200)]
causes += ["View Creation / Reuse", "External Environment"]
bodies = [f"Screen{i}Row.body" for i in range(812)]
next_id = 100
cells = {}
out = sys.stdout
out.write(header)
time = 1_000_000_000
for row in range(rows):
    time += 1000 + random.randrange(5000)
    source_title = random.choice(causes) if random.random() < 0.5 else random.choice(bodies)
    parts = [f'<row><event-time id="{next_id}" fmt="t">{time}</event-time>']
    next_id += 1
    for title in (source_title, random.choice(bodies)):
        parts.append(f'<uint32 id="{next_id}" fmt="{next_id}">{next_id}</uint32>')
        next_id += 1
        if title in cells:
            parts.append(f'<typed-array ref="{cells[title]}"/>')
        else:
            cells[title] = next_id
            parts.append(
                f'<typed-array id="{next_id}" fmt="{title}, blue, x, , "><string id="{next_id + 1}" fmt="{title}">'
                f'{title}</string><string id="{next_id + 2}" fmt="blue">blue</string>'
                f'<string id="{next_id + 3}" fmt="x">x</string><sentinel/><sentinel/></typed-array>')
            next_id += 4
    if row == 0:
        parts.append('<string id="1" fmt="Update">Update</string><sentinel/><sentinel/><sentinel/>'
                     '<process id="2" fmt="Dense (4242)"><pid id="3" fmt="4242">4242</pid></process></row>\n')
    else:
        parts.append('<string ref="1"/><sentinel/><sentinel/><sentinel/><process ref="2"/></row>\n')
    out.write("".join(parts))
out.write("</node></trace-query-result>\n")
