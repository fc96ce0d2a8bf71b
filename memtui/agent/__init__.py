"""The agent side: Ollama client, prompt assembly, sandboxed file tools, sessions, eval."""
