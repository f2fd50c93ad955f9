"""What every feature of the server shares: its settings, the errors a client is sent,
the closed sets of words (kinds), players' names as typed, the compact JSON every
message uses, and the interface of the bus between processes."""
