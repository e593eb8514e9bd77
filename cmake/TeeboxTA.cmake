# Building Trusted Applications with the teebox TA SDK.
#
#   add_teebox_ta(NAME <name> SOURCES <files...> [INCLUDES <dirs...>]
#                 [LIBRARIES <targets...>] [INSTALL_DESTINATION <dir>]
#                 [GP11_COMPAT])
#
# builds the TA executable <name> (a PIE linked with libutee and
# libseccomp, with frame pointers for its crash reports) from SOURCES and
# user_ta_header.c.  The calling directory
# and INCLUDES (relative to it) are on the include path, so
# user_ta_header.c finds the TA's user_ta_header_defines.h (TA_UUID,
# TA_FLAGS, TA_STACK_SIZE, TA_DATA_SIZE), as in OP-TEE.  The executable is
# then signed with teebox-sign and the key TEEBOX_TA_SIGN_KEY into
# ${TEEBOX_TA_DIR}/<uuid>.ta (the tool reads the UUID from .ta_head).
# The key and directory are those in force where add_teebox_ta() is
# called; a key still unset there is looked for at the end of the
# configuration.
# GP11_COMPAT builds the TA (and its user_ta_header.c) against the GP
# Internal Core API 1.1, as OP-TEE's CFG_TA_OPTEE_CORE_API_COMPAT_1_1=y
# does: -D__OPTEE_CORE_API_COMPAT_1_1=1 (ta/include/tee_api_compat.h).
# The TA exports libutee's utee_zygote_entry, so that the secure world
# starts it from its TA zygote rather than by exec (teebox/ta_zygote.h).
# With INSTALL_DESTINATION, `cmake --install` copies the signed <uuid>.ta
# there (TEEBOX_TA_INSTALL_DIR: where tee-supplicant looks by default).
#
# LIBRARIES links TA shared libraries made with
#
#   add_teebox_ta_library(NAME <name> UUID <uuid> SOURCES <files...>
#                 [INCLUDES <dirs...>] [LIBRARIES <targets...>]
#                 [INSTALL_DESTINATION <dir>])
#
# which builds one as OP-TEE's dev kit does with SHLIBNAME and SHLIBUUID:
# a shared library whose soname is <uuid> (the TA gets DT_NEEDED <uuid>),
# signed into ${TEEBOX_TA_DIR}/<uuid>.ta; it calls the GP API of the TA
# that loads it, and links no libutee of its own
# (docs/ta-developer-guide.md, "TA shared libraries").
#
# The target teebox_tas (built by default) depends on every signed TA;
# <name>_signed signs one.
#
# The same file serves the teebox tree and an installed SDK.  In the tree
# the SDK is targets being built: utee, teebox-sign, the key the build
# generates.  Installed, TeeboxTAConfig.cmake sets, before including this
# file, TEEBOX_TA_LIBRARY (TeeboxTA::utee), TEEBOX_TA_SIGN_TOOL
# (TeeboxTA::teebox-sign), TEEBOX_TA_HEADER_SOURCE (the installed
# user_ta_header.c) and, unless the project set it, TEEBOX_TA_SIGN_KEY
# (the installed development key).
include_guard(GLOBAL)

if(NOT DEFINED TEEBOX_TA_DIR)
	set(TEEBOX_TA_DIR ${CMAKE_BINARY_DIR}/optee_armtz)
endif()
if(NOT DEFINED TEEBOX_TA_LIBRARY)
	set(TEEBOX_TA_LIBRARY utee)
endif()
if(NOT DEFINED TEEBOX_TA_SIGN_TOOL)
	set(TEEBOX_TA_SIGN_TOOL teebox-sign)
endif()
if(NOT DEFINED TEEBOX_TA_HEADER_SOURCE)
	get_filename_component(TEEBOX_TA_HEADER_SOURCE
		${CMAKE_CURRENT_LIST_DIR}/../ta/user_ta_header.c ABSOLUTE)
endif()

if(NOT TARGET teebox_tas)
	add_custom_target(teebox_tas ALL)
endif()

# Signs TA target @name with @tool and @key into @stage, then copies it
# to @ta_dir.  @stage holds this TA's image alone, for install(DIRECTORY):
# the file name is the UUID, which only the signing tool reads.  An empty
# @key means TEEBOX_TA_SIGN_KEY as it is when this runs.  A sixth
# argument is the UUID, for a TA library (it has no .ta_head).
function(_teebox_ta_sign name tool key ta_dir stage)
	set(stamp ${stage}.stamp)
	set(uuid_args)
	if(ARGC GREATER 5 AND ARGV5)
		set(uuid_args --uuid ${ARGV5})
	endif()
	if(NOT key)
		set(key ${TEEBOX_TA_SIGN_KEY})
	endif()
	if(NOT TARGET ${tool} OR NOT key)
		message(WARNING "${tool} or TEEBOX_TA_SIGN_KEY is missing: "
			"TA ${name} is built but not signed")
		return()
	endif()
	set(deps ${name} ${tool})
	# In the teebox tree the development key is the output of a command
	# of the signing tool's directory, which another directory cannot
	# depend on by file: the target tbx_ta_pubkey orders it instead.  An
	# installed SDK's key is a plain file: a new key signs again.
	if(NOT TARGET tbx_ta_pubkey)
		list(APPEND deps ${key})
	endif()
	add_custom_command(OUTPUT ${stamp}
		COMMAND ${CMAKE_COMMAND} -E rm -rf ${stage}
		COMMAND ${CMAKE_COMMAND} -E make_directory ${stage} ${ta_dir}
		COMMAND ${tool} sign --key ${key} ${uuid_args}
			--in $<TARGET_FILE:${name}> --out ${stage}
		COMMAND ${CMAKE_COMMAND} -E copy_directory ${stage} ${ta_dir}
		COMMAND ${CMAKE_COMMAND} -E touch ${stamp}
		DEPENDS ${deps}
		COMMENT "Signing TA ${name} into ${ta_dir}"
		VERBATIM)
	add_custom_target(${name}_signed DEPENDS ${stamp})
	if(TARGET tbx_ta_pubkey)
		add_dependencies(${name}_signed tbx_ta_pubkey)
	endif()
	add_dependencies(teebox_tas ${name}_signed)
endfunction()

# @out: this directory and @ARGN (relative to it), as absolute paths.
function(_teebox_ta_include_dirs out)
	set(incs ${CMAKE_CURRENT_SOURCE_DIR})
	foreach(dir ${ARGN})
		get_filename_component(dir ${dir} ABSOLUTE
			BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
		list(APPEND incs ${dir})
	endforeach()
	set(${out} ${incs} PARENT_SCOPE)
endfunction()

function(add_teebox_ta)
	cmake_parse_arguments(TA "GP11_COMPAT" "NAME;INSTALL_DESTINATION"
		"SOURCES;INCLUDES;LIBRARIES" ${ARGN})
	if(NOT TA_NAME OR NOT TA_SOURCES)
		message(FATAL_ERROR "add_teebox_ta: NAME and SOURCES are required")
	endif()

	add_executable(${TA_NAME} ${TA_SOURCES} ${TEEBOX_TA_HEADER_SOURCE})
	_teebox_ta_include_dirs(incs ${TA_INCLUDES})
	target_include_directories(${TA_NAME} PRIVATE ${incs})
	if(TA_GP11_COMPAT)
		target_compile_definitions(${TA_NAME} PRIVATE
			__OPTEE_CORE_API_COMPAT_1_1=1)
	endif()
	# libutee brings libseccomp and the threads library with it.  TA
	# libraries come first: libutee's members they call are then linked
	# into the TA, and exported for them.
	target_link_libraries(${TA_NAME} PRIVATE ${TA_LIBRARIES}
		${TEEBOX_TA_LIBRARY})
	if(TA_LIBRARIES)
		# The secure world hands the TA its libraries: no run path.
		set_target_properties(${TA_NAME} PROPERTIES SKIP_BUILD_RPATH ON)
	endif()
	set_target_properties(${TA_NAME} PROPERTIES
		POSITION_INDEPENDENT_CODE ON)
	# The crash report's call stack walks frame pointers (libutee's
	# utee_fault.c): a TA keeps them, in leaf functions too, and makes
	# no tail calls, which would drop the caller from the stack.
	target_compile_options(${TA_NAME} PRIVATE -fno-omit-frame-pointer
		-mno-omit-leaf-frame-pointer -fno-optimize-sibling-calls)
	target_link_options(${TA_NAME} PRIVATE -pie)
	# libutee's entry for the TA zygote (teebox/ta_zygote.h): exported,
	# the secure world starts the TA without exec.  (TAs linked without
	# it, as before the zygote, are started by exec.)
	target_link_options(${TA_NAME} PRIVATE
		-Wl,--export-dynamic-symbol=utee_zygote_entry)

	# A directory that does not see the scope this file was included in
	# still collects its TAs in the usual place (_teebox_ta_sign_later).
	set(stage ${CMAKE_CURRENT_BINARY_DIR}/${TA_NAME}.signed)
	if(TA_INSTALL_DESTINATION)
		install(DIRECTORY ${stage}/ DESTINATION ${TA_INSTALL_DESTINATION}
			FILES_MATCHING PATTERN "*.ta")
	endif()

	_teebox_ta_sign_later(${TA_NAME} ${stage} "")
endfunction()

# Signs @name into TEEBOX_TA_DIR through @stage once the whole project
# is read (CMake 3.19+): the signing tool and key may be defined after
# this directory.  The deferred call runs in the top directory's scope,
# which does not see this one's variables: what they say now is passed
# along.  @uuid: a TA library's, or empty.
function(_teebox_ta_sign_later name stage uuid)
	set(ta_dir ${TEEBOX_TA_DIR})
	if(NOT ta_dir)
		set(ta_dir ${CMAKE_BINARY_DIR}/optee_armtz)
	endif()
	if(CMAKE_VERSION VERSION_LESS 3.19)
		_teebox_ta_sign(${name} ${TEEBOX_TA_SIGN_TOOL}
			"${TEEBOX_TA_SIGN_KEY}" ${ta_dir} ${stage} "${uuid}")
	else()
		cmake_language(EVAL CODE "cmake_language(DEFER DIRECTORY
			[[${CMAKE_SOURCE_DIR}]] CALL _teebox_ta_sign
			[[${name}]] [[${TEEBOX_TA_SIGN_TOOL}]]
			[[${TEEBOX_TA_SIGN_KEY}]] [[${ta_dir}]] [[${stage}]]
			[[${uuid}]])")
	endif()
endfunction()

function(add_teebox_ta_library)
	cmake_parse_arguments(TA "" "NAME;UUID;INSTALL_DESTINATION"
		"SOURCES;INCLUDES;LIBRARIES" ${ARGN})
	if(NOT TA_NAME OR NOT TA_UUID OR NOT TA_SOURCES)
		message(FATAL_ERROR "add_teebox_ta_library: NAME, UUID and "
			"SOURCES are required")
	endif()
	add_library(${TA_NAME} SHARED ${TA_SOURCES})
	_teebox_ta_include_dirs(incs ${TA_INCLUDES})
	# The TA headers, not libutee's code: the TA that loads the library
	# has that (TEE_* bind to it at load).
	target_include_directories(${TA_NAME} PRIVATE ${incs}
		$<TARGET_PROPERTY:${TEEBOX_TA_LIBRARY},INTERFACE_INCLUDE_DIRECTORIES>)
	target_compile_definitions(${TA_NAME} PRIVATE
		$<TARGET_PROPERTY:${TEEBOX_TA_LIBRARY},INTERFACE_COMPILE_DEFINITIONS>)
	target_link_libraries(${TA_NAME} PRIVATE ${TA_LIBRARIES})
	target_compile_options(${TA_NAME} PRIVATE -fno-omit-frame-pointer
		-mno-omit-leaf-frame-pointer -fno-optimize-sibling-calls)
	# Its soname is its UUID, the name OP-TEE's ldelf loads it by.
	set_target_properties(${TA_NAME} PROPERTIES NO_SONAME ON
		SKIP_BUILD_RPATH ON)
	target_link_options(${TA_NAME} PRIVATE -Wl,-soname=${TA_UUID})
	set(stage ${CMAKE_CURRENT_BINARY_DIR}/${TA_NAME}.signed)
	if(TA_INSTALL_DESTINATION)
		install(DIRECTORY ${stage}/ DESTINATION ${TA_INSTALL_DESTINATION}
			FILES_MATCHING PATTERN "*.ta")
	endif()
	_teebox_ta_sign_later(${TA_NAME} ${stage} ${TA_UUID})
endfunction()
