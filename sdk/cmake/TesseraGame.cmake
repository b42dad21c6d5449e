# CMake helpers for games, in this source tree and, installed, in a game's own project
# (find_package(Tessera) includes this file; sdk/docs/writing-a-game.md).
#
# tessera_add_game(<id> SOURCES <files...> [DATA <folder>] [SCRIPTS <folder>])
#   Builds the game's plugin, a MODULE library <id>.so, into TESSERA_PLUGIN_DIR (default
#   <build>/plugins), with hidden visibility so that only the plugin aliases are exported,
#   linked to Tessera::sdk. `cmake --install` puts it into TESSERA_GAME_PLUGIN_DESTINATION
#   and the DATA and SCRIPTS folders, when given, into TESSERA_GAME_DATA_DESTINATION as
#   data/<id>/ and scripts/<id>/: by default the install prefix's lib/tessera/plugins and
#   share/tessera, where an installed `tessera` of the same prefix finds them; with
#   -DTESSERA_INSTALL_FOR_USER=ON, the user's folder ($XDG_DATA_HOME/tessera or
#   ~/.local/share/tessera), where every installed `tessera` of that user finds them.
#
# tessera_add_game_tests(<id> SOURCES <files...> [DATA_ROOT <folder>])
#   A Catch2 (v2) test program <id>_tests from the game's test sources and the SDK's test
#   support (support/registry.hpp, support/scenario.hpp, CATCH_CONFIG_MAIN), each test case
#   a CTest test. Its registry loads the plugins of TESSERA_PLUGIN_DIR with the data root
#   DATA_ROOT (default: the project's source folder, which holds data/<id>/ and scripts/<id>/).
#
# tessera_add_conformance_test(<id> [DATA_ROOT <folder>] [ALLOW <limits...>])
#   A CTest test <id>_conformance that runs `tessera conformance <id>` (the installed host's
#   conformance suite) on the plugin just built and its data. ALLOW names known limits the
#   suite then reports without failing (`tessera conformance --help`).
include_guard(GLOBAL)
include(GNUInstallDirs)

option(TESSERA_INSTALL_FOR_USER "Install games into the user's Tessera folder, not the install prefix" OFF)
if(NOT DEFINED TESSERA_PLUGIN_DIR)
  set(TESSERA_PLUGIN_DIR "${CMAKE_BINARY_DIR}/plugins")
endif()
if(NOT DEFINED TESSERA_GAME_COMPONENT)
  set(TESSERA_GAME_COMPONENT game)
endif()
if(TESSERA_INSTALL_FOR_USER)
  if(DEFINED ENV{XDG_DATA_HOME} AND IS_ABSOLUTE "$ENV{XDG_DATA_HOME}")
    set(_tessera_user_dir "$ENV{XDG_DATA_HOME}/tessera")
  elseif(DEFINED ENV{HOME})
    set(_tessera_user_dir "$ENV{HOME}/.local/share/tessera")
  else()
    message(FATAL_ERROR "TESSERA_INSTALL_FOR_USER: neither XDG_DATA_HOME nor HOME is set")
  endif()
  set(TESSERA_GAME_PLUGIN_DESTINATION "${_tessera_user_dir}/plugins")
  set(TESSERA_GAME_DATA_DESTINATION "${_tessera_user_dir}")
else()
  if(NOT DEFINED TESSERA_GAME_PLUGIN_DESTINATION)
    set(TESSERA_GAME_PLUGIN_DESTINATION "${CMAKE_INSTALL_LIBDIR}/tessera/plugins")
  endif()
  if(NOT DEFINED TESSERA_GAME_DATA_DESTINATION)
    set(TESSERA_GAME_DATA_DESTINATION "${CMAKE_INSTALL_DATADIR}/tessera")
  endif()
endif()

function(tessera_add_game id)
  cmake_parse_arguments(ARG "" "DATA;SCRIPTS" "SOURCES" ${ARGN})
  add_library(${id} MODULE ${ARG_SOURCES})
  set_target_properties(${id} PROPERTIES
    PREFIX ""
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    LIBRARY_OUTPUT_DIRECTORY "${TESSERA_PLUGIN_DIR}")
  target_link_libraries(${id} PRIVATE Tessera::sdk)
  set_property(GLOBAL APPEND PROPERTY TESSERA_GAME_TARGETS ${id})
  install(TARGETS ${id} LIBRARY DESTINATION ${TESSERA_GAME_PLUGIN_DESTINATION} COMPONENT ${TESSERA_GAME_COMPONENT})
  if(ARG_DATA)
    install(DIRECTORY ${ARG_DATA}/ DESTINATION ${TESSERA_GAME_DATA_DESTINATION}/data/${id}
            COMPONENT ${TESSERA_GAME_COMPONENT})
  endif()
  if(ARG_SCRIPTS)
    install(DIRECTORY ${ARG_SCRIPTS}/ DESTINATION ${TESSERA_GAME_DATA_DESTINATION}/scripts/${id}
            COMPONENT ${TESSERA_GAME_COMPONENT})
  endif()
endfunction()

# The data root of a game being built: DATA_ROOT, or the project's source folder.
macro(_tessera_default_data_root)
  if(NOT ARG_DATA_ROOT)
    set(ARG_DATA_ROOT "${PROJECT_SOURCE_DIR}")
  endif()
endmacro()

function(tessera_add_game_tests id)
  cmake_parse_arguments(ARG "" "DATA_ROOT" "SOURCES" ${ARGN})
  _tessera_default_data_root()
  if(NOT TESSERA_TESTING_DIR)
    message(FATAL_ERROR "tessera_add_game_tests: TESSERA_TESTING_DIR (the SDK's test support) is not set; "
                        "call find_package(Tessera) first")
  endif()
  find_package(Catch2 2 REQUIRED)
  include(Catch)
  add_executable(${id}_tests ${ARG_SOURCES} ${TESSERA_TESTING_DIR}/support/registry.cpp
                 ${TESSERA_TESTING_DIR}/support/main.cpp)
  target_include_directories(${id}_tests PRIVATE ${TESSERA_TESTING_DIR})
  target_link_libraries(${id}_tests PRIVATE Tessera::core Catch2::Catch2)
  target_compile_definitions(${id}_tests PRIVATE
    TESSERA_GAME_PLUGIN_DIR="${TESSERA_PLUGIN_DIR}"
    TESSERA_SOURCE_DIR="${ARG_DATA_ROOT}"
    TESSERA_BUILD_DIR="${CMAKE_CURRENT_BINARY_DIR}")
  add_dependencies(${id}_tests ${id})
  catch_discover_tests(${id}_tests)
endfunction()

function(tessera_add_conformance_test id)
  cmake_parse_arguments(ARG "" "DATA_ROOT" "ALLOW" ${ARGN})
  _tessera_default_data_root()
  set(allow)
  foreach(limit ${ARG_ALLOW})
    list(APPEND allow --allow ${limit})
  endforeach()
  add_test(NAME ${id}_conformance
           COMMAND $<TARGET_FILE:Tessera::tessera> --plugin-dir $<TARGET_FILE_DIR:${id}> --data-root ${ARG_DATA_ROOT}
                   conformance ${id} ${allow})
endfunction()
