file(REMOVE_RECURSE
  "libvaios.a"
)
