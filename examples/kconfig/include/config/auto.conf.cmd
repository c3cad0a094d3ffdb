deps_config := \
	boards/Kconfig \
	Kconfig \

include/config/auto.conf: $(deps_config)

ifneq "$(VERSION)" "2.1"
include/config/auto.conf: FORCE
endif

$(deps_config): ;
