effect("typo", { aply = function() end })
