# tessera_add_game(<id> SOURCES <files...>)
# Builds a game plugin as a MODULE library named <id>.so into the plugin folder the host
# searches, with hidden visibility so that only the plugin aliases are exported.
function(tessera_add_game id)
  cmake_parse_arguments(ARG "" "" "SOURCES" ${ARGN})
  add_library(${id} MODULE ${ARG_SOURCES})
  set_target_properties(${id} PROPERTIES
    PREFIX ""
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    LIBRARY_OUTPUT_DIRECTORY "${TESSERA_PLUGIN_DIR}")
  target_link_libraries(${id} PRIVATE tessera_core)
  set_property(GLOBAL APPEND PROPERTY TESSERA_GAME_TARGETS ${id})
  install(TARGETS ${id} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/tessera/plugins)
endfunction()
