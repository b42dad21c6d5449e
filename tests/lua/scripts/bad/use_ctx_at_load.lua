-- Uses a ctx kept by effect keep_ctx while loading, outside any call.
kept.ctx:get("flow")
