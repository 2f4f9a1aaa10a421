file(REMOVE_RECURSE
  "libvaios_flight.a"
)
