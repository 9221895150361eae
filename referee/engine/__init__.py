"""The engine's framework pieces that every mechanic's phase uses: the table (seats and the pack
compiled to small integers) and the actions written at it. Nothing here knows a mechanic; this
file imports nothing, so a mechanic can import `engine.table` without the interpreter."""
