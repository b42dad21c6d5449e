-- Loops forever while loading.
while true do end
