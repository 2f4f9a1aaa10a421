file(REMOVE_RECURSE
  "CMakeFiles/bench.elf_commit"
  "vb_commit/vb_commit.h"
)

# Per-language clean rules from dependency scanning.
foreach(lang )
  include(CMakeFiles/bench.elf_commit.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
