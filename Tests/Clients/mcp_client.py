"""A real MCP client for the tests of `causegraph mcp`.

Usage: mcp_client.py CAUSEGRAPH CALLS_JSON

Starts `CAUSEGRAPH mcp` over stdio with the official Python SDK, initializes,
lists the tools, makes each call of CALLS_JSON (a list of {"name", "arguments"})
in order on the one session, and prints one JSON object: the server's name,
the tools with their schemas, and each call's result. The Swift tests assert
on that object.
"""

import asyncio
import json
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def plain(model):
    """A result as the protocol's JSON spells it (camelCase), whichever version of the SDK made it."""
    return model.model_dump(mode="json", by_alias=True, exclude_none=True)


async def main(executable, calls):
    server = StdioServerParameters(command=executable, args=["mcp"])
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            initialized = await session.initialize()
            listed = await session.list_tools()
            results = []
            for call in calls:
                results.append(plain(await session.call_tool(call["name"], call.get("arguments"))))
    print(json.dumps({"initialize": plain(initialized), "tools": plain(listed)["tools"], "results": results}))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], json.loads(sys.argv[2])))
