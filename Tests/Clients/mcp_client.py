"""A real MCP client for the tests of `causegraph mcp`.

Usage: mcp_client.py CAUSEGRAPH CALLS_JSON [SERVER_ARGUMENTS_JSON [ROOTS_JSON]]

Starts `CAUSEGRAPH mcp` (with SERVER_ARGUMENTS_JSON, a list, after `mcp`) over
stdio with the official Python SDK, declaring ROOTS_JSON (a list of file: URIs)
as its roots when given, initializes,
lists the tools, makes each call of CALLS_JSON (a list of {"name", "arguments"})
in order on the one session, and prints one JSON object: the server's name,
the tools with their schemas, and each call's result. The Swift tests assert
on that object.
"""

import asyncio
import json
import sys

from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client


def plain(model):
    """A result as the protocol's JSON spells it (camelCase), whichever version of the SDK made it."""
    return model.model_dump(mode="json", by_alias=True, exclude_none=True)


async def main(executable, calls, arguments, roots):
    server = StdioServerParameters(command=executable, args=["mcp"] + arguments)

    async def list_roots(context):
        return types.ListRootsResult(roots=[types.Root(uri=uri) for uri in roots])

    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write, list_roots_callback=list_roots if roots is not None else None) as session:
            initialized = await session.initialize()
            listed = await session.list_tools()
            results = []
            for call in calls:
                results.append(plain(await session.call_tool(call["name"], call.get("arguments"))))
    print(json.dumps({"initialize": plain(initialized), "tools": plain(listed)["tools"], "results": results}))


if __name__ == "__main__":
    arguments = json.loads(sys.argv[3]) if len(sys.argv) > 3 else []
    roots = json.loads(sys.argv[4]) if len(sys.argv) > 4 else None
    asyncio.run(main(sys.argv[1], json.loads(sys.argv[2]), arguments, roots))
