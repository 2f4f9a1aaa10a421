file(REMOVE_RECURSE
  "libvaios_cmsis.a"
)
